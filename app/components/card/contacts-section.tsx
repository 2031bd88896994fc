import { Mail, MessageCircle, MessageSquareText, Phone } from "lucide-react";
import { useTranslation } from "react-i18next";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { type CardAction, type CardActionKind, cardActions } from "#core/channels.ts";
import type { CardContact } from "./card-data.ts";

/**
 * The contacts' links: call, text, WhatsApp or email each one (the owner shows them). On a
 * child's card they are the guardians, and the section comes first.
 */
export function ContactsSection({
  contacts,
  guardians = false,
}: {
  contacts: CardContact[];
  guardians?: boolean;
}) {
  const { t } = useTranslation("card");
  // "Call a guardian" only when there is a number to call; guardians on email are contacted.
  const canCall = contacts.some((contact) =>
    cardActions(contact).some((action) => action.kind === "call"),
  );
  return (
    <section aria-labelledby="contacts-title" className="rounded-xl border bg-card p-4">
      <h2 id="contacts-title" className="text-lg font-semibold">
        {guardians ? t(canCall ? "guardians" : "guardiansNoCall") : t("contacts.title")}
      </h2>
      {contacts.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{t("contacts.none")}</p>
      ) : (
        <ul className="mt-3 space-y-3" data-testid="card-contacts">
          {contacts.map((contact) => (
            <li key={`${contact.name}-${contact.value}`} className="rounded-lg bg-muted p-3">
              <p className="font-semibold">
                {contact.name}
                {contact.role ? (
                  <span className="ml-2 text-sm font-normal text-muted-foreground">
                    {t(`contactRoles.${contact.role}`)}
                  </span>
                ) : null}
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                {cardActions(contact).map((action) => (
                  <ContactLink key={action.kind} action={action} name={contact.name} />
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The contacts' call links again, beside a refusal: calling is what is left to do. */
export function CallButtons({ contacts }: { contacts: CardContact[] }) {
  const calls = contacts.flatMap((contact) =>
    cardActions(contact)
      .filter((action) => action.kind === "call")
      .map((action) => ({ contact, action })),
  );
  if (calls.length === 0) return null;
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      {calls.map(({ contact, action }) => (
        <ContactLink key={`${contact.name}-${contact.value}`} action={action} name={contact.name} />
      ))}
    </div>
  );
}

/** How the card shows each contact link (core/channels.ts says which a contact has). */
const CONTACT_LINKS: Record<
  CardActionKind,
  { icon: typeof Phone; label: string; variant: "default" | "outline" }
> = {
  call: { icon: Phone, label: "contacts.call", variant: "default" },
  text: { icon: MessageSquareText, label: "contacts.text", variant: "outline" },
  whatsapp: { icon: MessageCircle, label: "contacts.whatsapp", variant: "outline" },
  mailto: { icon: Mail, label: "contacts.email", variant: "outline" },
};

function ContactLink({ action, name }: { action: CardAction; name: string }) {
  const { t } = useTranslation("card");
  const { icon: Icon, label, variant } = CONTACT_LINKS[action.kind];
  return (
    <a
      href={action.href}
      className={buttonVariants({ size: "sm", variant })}
      rel={action.external ? "noopener" : undefined}
    >
      <Icon aria-hidden="true" /> {t(label, { name })}
    </a>
  );
}
