import { type AppLoadContext, data, redirect } from "react-router";
import type { DashboardActionData } from "#app/components/dashboard/action-data.ts";
import type { DashboardPerson } from "#app/components/dashboard/people-strip.tsx";
import { noticeCookie } from "#app/lib/notices.server.ts";
import type { Executor } from "#server/db/client.ts";
import {
  listPeople,
  managedPerson,
  type PersonAccess,
  personAccess,
  removeDependant,
} from "#server/domain/people.ts";
import { seatUsage } from "#server/domain/quotas.ts";
import { tagCountsByPerson } from "#server/domain/tags.ts";

/**
 * The person a dashboard view or form is about (decision 129): `?person=ID` in the address, the
 * `person` field in a form, the user's own person when absent. Not visible is answered like
 * missing; for a change, not managed is too.
 */
export const ownPerson = (userId: string): PersonAccess => ({
  profileId: userId,
  accountId: userId,
  canManage: true,
});

/**
 * The person a page view shows: null when the requested one is not visible (or no such). An
 * organisation's person is shown read-only here: their critical info changes on the
 * organisation's pages, where every change says who and why (decision 137).
 */
export async function viewedPerson(db: Executor, userId: string, requested: string | null) {
  if (requested === null || requested === userId) return ownPerson(userId);
  const access = await personAccess(db, userId, requested);
  return access?.organizationId ? { ...access, canManage: false } : access;
}

/**
 * The person a dashboard form changes: null unless the user manages them and they are not an
 * organisation's person (whose changes go through /org/{slug}/people/{id}, decision 137).
 */
export async function formPerson(db: Executor, userId: string, form: FormData) {
  const requested = form.get("person");
  return dashboardManaged(
    await managedPerson(db, userId, requested === null || requested === "" ? userId : requested),
  );
}

/** A person the dashboard may change: not an organisation's (see `formPerson`). */
export const dashboardManaged = (access: PersonAccess | null) =>
  access?.organizationId ? null : access;

/** Where the dashboard shows a person: the own person keeps the plain address. */
export const personPath = (userId: string, profileId: string) =>
  profileId === userId ? "/dashboard" : `/dashboard?person=${encodeURIComponent(profileId)}`;

/**
 * Everyone the user sees, for the people strip: their own person first, then the people they
 * manage, then the household's others (read-only), each with a label and their tag count.
 */
export async function peopleStrip(db: Executor, userId: string): Promise<DashboardPerson[]> {
  const people = await listPeople(db, userId);
  const counts = await tagCountsByPerson(
    db,
    people.map((p) => p.id),
  );
  const accountNames = new Map(
    people.filter((p) => p.isAccount).map((p) => [p.accountId, p.fullName ?? ""]),
  );
  return people.map((person) => ({
    id: person.id,
    name: person.fullName ?? "",
    kind:
      person.id === userId
        ? "you"
        : person.isAccount
          ? "adult"
          : person.isMinor
            ? "child"
            : "dependant",
    managedBy:
      person.managed || person.isAccount ? null : (accountNames.get(person.accountId) ?? ""),
    canManage: person.managed,
    tags: counts.get(person.id) ?? 0,
  }));
}

/** Seats in use and the plan's limit, for the Add a person button's hint. */
export async function seats(db: Executor, userId: string) {
  const { used, limit } = await seatUsage(db, userId);
  return { used, limit };
}

export const PERSON_INTENTS = new Set(["removePerson"]);

/**
 * Removing a dependant (the managing account only, on the confirming second press): their
 * contacts and alert history go with them, their tags are unlinked (decision 128). The
 * account's own person is never removed here; another's person is answered like a missing one.
 */
export async function handlePersonAction(context: AppLoadContext, userId: string, form: FormData) {
  const { db, logger, config } = context.services;
  const refuse = (description: string, status: number) =>
    data<DashboardActionData>(
      {
        notice: { tone: "error", title: "account:people.removeFailed", description },
        form: "person",
      },
      { status },
    );
  if (form.get("confirm") !== "yes") return refuse("account:people.notConfirmed", 400);
  const person = await formPerson(db, userId, form);
  if (!person || person.profileId === userId) return refuse("account:people.notFound", 404);
  if (!(await removeDependant(db, logger, userId, person.profileId))) {
    return refuse("account:people.notFound", 404);
  }
  return redirect("/dashboard", {
    headers: { "Set-Cookie": noticeCookie("person-removed", config.isProduction) },
  });
}
