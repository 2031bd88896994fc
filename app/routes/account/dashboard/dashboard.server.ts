import { type AppLoadContext, data, redirect } from "react-router";
import { requireUser } from "#app/lib/guards.server.ts";
import { requestTranslator } from "#app/lib/i18n.server.ts";
import { takeNotice } from "#app/lib/notices.server.ts";
import { confirmationStatus } from "#core/medical-record.ts";
import { listRecentAlerts } from "#server/alerts/history.ts";
import { withContactStatus } from "#server/domain/contact-consent.ts";
import { contactsAfterPlanChange, listContacts } from "#server/domain/contacts.ts";
import { showsHousehold } from "#server/domain/households.ts";
import { getProfile } from "#server/domain/profiles.ts";
import { contactLimitFor, quotaHolderFor } from "#server/domain/quotas.ts";
import { listPersonTags } from "#server/domain/tags.ts";
import { rolesOf } from "#server/domain/users.ts";
import { ownPerson, peopleStrip, seats, viewedPerson } from "./people.server.ts";

/**
 * Everything the dashboard shows (spec section 2): the profile, plan, contacts,
 * tags, recent alerts and staff links, and the notice the user arrived with.
 * Signed out goes home; onboarding not done goes to /onboarding. `?person=ID` shows one of the
 * people the user sees (decision 129); one they may not see is answered like a missing one: the
 * user's own person, a "not found" notice and status 404.
 */
export async function dashboardPage(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context, "/");
  const { db, cipher } = context.services;
  const profile = await getProfile(db, cipher, user.id);
  if (!profile?.onboardingCompleted) throw redirect("/onboarding");
  const url = new URL(request.url);
  const requested = url.searchParams.get("person");
  const visible = await viewedPerson(db, user.id, requested);
  const person = visible ?? ownPerson(user.id);
  const shown =
    person.profileId === user.id ? profile : await getProfile(db, cipher, person.profileId);
  const [contacts, tags, alerts, roles, contactLimit, people, seatCount, household, holder] =
    await Promise.all([
      listContacts(db, cipher, person.profileId),
      listPersonTags(db, person.profileId),
      listRecentAlerts(context.services, person.profileId),
      rolesOf(db, user.id),
      contactLimitFor(db, user.id),
      peopleStrip(db, user.id),
      seats(db, user.id),
      showsHousehold(db, user.id),
      quotaHolderFor(db, user.id),
    ]);
  const t = requestTranslator(request);
  const isPhoneAccount = user.email.endsWith("@phone.safetap.invalid");
  // A notice left by the redirect that brought the user here (decision 023).
  const arrival = takeNotice(request, "page", context.services.config.isProduction);
  const page = {
    seo: { title: t("pages.dashboard.title"), description: t("pages.dashboard.description") },
    displayName:
      profile.fullName ||
      (isPhoneAccount ? ((user as { phoneNumber?: string | null }).phoneNumber ?? "") : user.email),
    /** Everyone the user sees, and the one this view is about (decision 129). */
    people,
    person: {
      id: person.profileId,
      canManage: person.canManage,
      isOwn: person.profileId === user.id,
    },
    seats: seatCount,
    /** A `?person=` the user may not see: said like a missing one. */
    personNotice: visible
      ? null
      : {
          tone: "error" as const,
          title: "account:people.notFoundTitle",
          description: "account:people.notFound",
        },
    profile: {
      id: person.profileId,
      photoVersion: shown?.photoVersion ?? null,
      fullName: shown?.fullName ?? null,
      language: shown?.language ?? profile.language,
      country: shown?.country ?? null,
      dateOfBirth: shown?.dateOfBirth ?? null,
      bloodType: shown?.bloodType ?? null,
      allergies: shown?.allergies ?? [],
      medications: shown?.medications ?? [],
      medicalNotes: shown?.medicalNotes ?? null,
      conditions: shown?.conditions ?? [],
      implantedDevices: shown?.implantedDevices ?? [],
      organDonor: shown?.organDonor ?? null,
      advanceDirective: shown?.advanceDirective ?? null,
      advanceDirectiveLocation: shown?.advanceDirectiveLocation ?? null,
      preferredHospital: shown?.preferredHospital ?? null,
    },
    /** How current the medical record is (decision 130), counted here so the page agrees. */
    confirmation: {
      personId: person.profileId,
      ...confirmationStatus(shown?.medicalConfirmedAt ?? null),
    },
    plan: {
      // A household's members are on its owner's plan (decision 128).
      id: holder.plan,
      status: profile.subscriptionStatus,
      renewsAt: profile.subscriptionEndDate?.toISOString() ?? null,
      contactLimit,
    },
    /** With each one's answer to the confirmation request and any STOP (decision 148). */
    contacts: await withContactStatus(context.services, contacts),
    /** Messenger and Instagram are configured: a contact can be given a link (decision 149). */
    metaLinking: Boolean(context.services.config.meta),
    /** Staff links: reader mode for admins and moderators, the admin page for admins. */
    staff: {
      reader: roles.includes("admin") || roles.includes("moderator"),
      admin: roles.includes("admin"),
    },
    tags: tags.map((tag) => ({
      ...tag,
      linkedAt: tag.linkedAt?.toISOString() ?? null,
      lastScannedAt: tag.lastScannedAt?.toISOString() ?? null,
    })),
    alerts,
    /** Made per page view, so a double press of Test Alert sends one test. */
    testKey: crypto.randomUUID(),
    notice: arrival?.notice ?? null,
    /** Arriving from /pricing's Free button with more contacts than Free alerts: ask first. */
    downgrade:
      url.searchParams.get("downgrade") === "free" && profile.plan !== "free"
        ? await contactsAfterPlanChange(db, user.id, "free")
        : null,
    tab: url.searchParams.get("tab"),
    /** Links the household page: in a household, or on the Family plan. */
    household,
  };
  if (!visible) return data(page, { status: 404, headers: arrival?.headers });
  return arrival ? data(page, { headers: arrival.headers }) : page;
}
