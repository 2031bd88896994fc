import { Mail, MessageCircle, MessageSquareText, Phone } from "lucide-react";
import { useTranslation } from "react-i18next";
import { buttonVariants } from "#app/components/ui/button.tsx";
import type { CardContact } from "./card-data.ts";

/** The contacts' links: call, text, WhatsApp or email each one (the owner shows them). */
export function ContactsSection({ contacts }: { contacts: CardContact[] }) {
  const { t } = useTranslation("card");
  return (
    <section aria-labelledby="contacts-title" className="rounded-xl border bg-card p-4">
      <h2 id="contacts-title" className="text-lg font-semibold">
        {t("contacts.title")}
      </h2>
      {contacts.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{t("contacts.none")}</p>
      ) : (
        <ul className="mt-3 space-y-3" data-testid="card-contacts">
          {contacts.map((contact) => (
            <li key={`${contact.name}-${contact.value}`} className="rounded-lg bg-muted p-3">
              <p className="font-semibold">{contact.name}</p>
              <div className="mt-2 flex flex-wrap gap-2">
                {contact.channel === "email" ? (
                  <a
                    href={`mailto:${contact.value}`}
                    className={buttonVariants({ size: "sm", variant: "outline" })}
                  >
                    <Mail aria-hidden="true" /> {t("contacts.email", { name: contact.name })}
                  </a>
                ) : (
                  <>
                    <a href={`tel:${contact.value}`} className={buttonVariants({ size: "sm" })}>
                      <Phone aria-hidden="true" /> {t("contacts.call", { name: contact.name })}
                    </a>
                    <a
                      href={`sms:${contact.value}`}
                      className={buttonVariants({ size: "sm", variant: "outline" })}
                    >
                      <MessageSquareText aria-hidden="true" />{" "}
                      {t("contacts.text", { name: contact.name })}
                    </a>
                    {contact.channel === "whatsapp" ? (
                      <a
                        href={`https://wa.me/${contact.value.replace(/\D/g, "")}`}
                        className={buttonVariants({ size: "sm", variant: "outline" })}
                        rel="noopener"
                      >
                        <MessageCircle aria-hidden="true" />{" "}
                        {t("contacts.whatsapp", { name: contact.name })}
                      </a>
                    ) : null}
                  </>
                )}
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
  const { t } = useTranslation("card");
  const phones = contacts.filter((contact) => contact.channel !== "email");
  if (phones.length === 0) return null;
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      {phones.map((contact) => (
        <a
          key={`${contact.name}-${contact.value}`}
          href={`tel:${contact.value}`}
          className={buttonVariants({ size: "sm" })}
        >
          <Phone aria-hidden="true" /> {t("contacts.call", { name: contact.name })}
        </a>
      ))}
    </div>
  );
}
