import { UserPlus, UsersRound } from "lucide-react";
import { createContext, useContext } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";

export interface DashboardPerson {
  id: string;
  name: string;
  /** The user's own person, another adult of the household, or a dependant. */
  kind: "you" | "adult" | "child" | "dependant";
  /** For a household member's dependant: the name of the account that manages them. */
  managedBy: string | null;
  canManage: boolean;
  tags: number;
}

/** The person the dashboard shows and whether the user may change them (decision 129). */
export interface ShownPerson {
  id: string;
  canManage: boolean;
  isOwn: boolean;
}

const PersonContext = createContext<ShownPerson | null>(null);
export const PersonProvider = PersonContext.Provider;

/** The shown person; outside the dashboard, nobody (forms then act for the user's own). */
export const useShownPerson = () => useContext(PersonContext);

/** Whether the dashboard's forms may be shown: read-only for a person the user does not manage. */
export const useCanManage = () => useContext(PersonContext)?.canManage ?? true;

/** The `person` field every dashboard form carries, so the server knows whom it is about. */
export function PersonField() {
  const person = useContext(PersonContext);
  return person ? <input type="hidden" name="person" value={person.id} /> : null;
}

/**
 * Everyone the user sees, at the top of the dashboard: each person's name, who they are ("You",
 * "Child", managed by a household member) and how many tags they have; the shown one is marked.
 * "Add a person" runs the onboarding wizard for a dependant.
 */
export function PeopleStrip({
  people,
  shownId,
  seats,
}: {
  people: DashboardPerson[];
  shownId: string;
  seats: { used: number; limit: number | null };
}) {
  const { t } = useTranslation("account");
  return (
    <nav aria-label={t("people.title")} className="mt-6" data-testid="people-strip">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <UsersRound className="size-5 text-primary" aria-hidden="true" /> {t("people.title")}
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {people.map((person) => {
          const shown = person.id === shownId;
          return (
            <li key={person.id}>
              <Link
                to={person.kind === "you" ? "/dashboard" : `/dashboard?person=${person.id}`}
                aria-current={shown ? "page" : undefined}
                data-testid="person-link"
                className={cn(
                  "flex flex-col rounded-lg border px-3 py-2 text-sm hover:bg-muted",
                  shown && "border-primary bg-primary/5",
                )}
              >
                <span className="font-semibold">{person.name || t("profile.notSet")}</span>
                <span className="text-xs text-muted-foreground">
                  {person.managedBy
                    ? t("people.managedBy", { name: person.managedBy })
                    : t(`people.kinds.${person.kind}`)}
                  {" · "}
                  {t("people.tags", { count: person.tags })}
                </span>
              </Link>
            </li>
          );
        })}
        <li>
          <Link
            to="/onboarding?person=new"
            className={cn(buttonVariants({ variant: "outline" }), "h-full")}
            data-testid="add-person"
          >
            <UserPlus aria-hidden="true" /> {t("people.add")}
          </Link>
        </li>
      </ul>
      {seats.limit !== null ? (
        <p className="mt-2 text-xs text-muted-foreground">
          {t("people.seats", { used: seats.used, count: seats.limit })}
        </p>
      ) : null}
    </nav>
  );
}
