import { type AppLoadContext, data, redirect } from "react-router";
import { requireUser } from "#app/lib/guards.server.ts";
import { requestTranslator } from "#app/lib/i18n.server.ts";
import { takeNotice } from "#app/lib/notices.server.ts";
import { listRecentAlerts } from "#server/alerts/history.ts";
import { contactsAfterPlanChange, listContacts } from "#server/domain/contacts.ts";
import { showsHousehold } from "#server/domain/households.ts";
import { getProfile } from "#server/domain/profiles.ts";
import { contactLimitFor } from "#server/domain/quotas.ts";
import { listUserTags } from "#server/domain/tags.ts";
import { rolesOf } from "#server/domain/users.ts";

/**
 * Everything the dashboard shows (spec section 2): the profile, plan, contacts,
 * tags, recent alerts and staff links, and the notice the user arrived with.
 * Signed out goes home; onboarding not done goes to /onboarding.
 */
export async function dashboardPage(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context, "/");
  const { db, cipher } = context.services;
  const profile = await getProfile(db, cipher, user.id);
  if (!profile?.onboardingCompleted) throw redirect("/onboarding");
  const url = new URL(request.url);
  const [contacts, tags, alerts, roles, contactLimit, household] = await Promise.all([
    listContacts(db, cipher, user.id),
    listUserTags(db, user.id),
    listRecentAlerts(context.services, user.id),
    rolesOf(db, user.id),
    contactLimitFor(db, user.id),
    showsHousehold(db, user.id),
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
    profile: {
      id: profile.id,
      photoVersion: profile.photoVersion,
      fullName: profile.fullName,
      language: profile.language,
      country: profile.country,
      dateOfBirth: profile.dateOfBirth,
      bloodType: profile.bloodType,
      allergies: profile.allergies,
      medications: profile.medications,
      medicalNotes: profile.medicalNotes,
    },
    plan: {
      id: profile.plan,
      status: profile.subscriptionStatus,
      renewsAt: profile.subscriptionEndDate?.toISOString() ?? null,
      contactLimit,
    },
    contacts,
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
  return arrival ? data(page, { headers: arrival.headers }) : page;
}
