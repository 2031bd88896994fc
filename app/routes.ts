import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * Every route of the product spec (section 2), one module per screen.
 * Pages inside the site layout get the navigation and footer; the public
 * emergency card stands alone so it stays small and fast.
 */
export default [
  layout("routes/site-layout.tsx", [
    index("routes/marketing/home.tsx"),
    route("pricing", "routes/marketing/pricing.tsx"),
    route("how-it-works", "routes/marketing/how-it-works.tsx"),
    route("support", "routes/marketing/support.tsx"),
    route("for-organizations", "routes/marketing/for-organizations.tsx"),
    route("products/wristbands", "routes/marketing/products/wristbands.tsx"),
    route("products/cards", "routes/marketing/products/cards.tsx"),
    route("products/keychains", "routes/marketing/products/keychains.tsx"),
    route("about", "routes/marketing/about.tsx"),
    route("blog", "routes/marketing/blog/index.tsx"),
    route("blog/:slug", "routes/marketing/blog/article.tsx"),
    route("legal/privacy", "routes/legal/privacy.tsx"),
    route("legal/terms", "routes/legal/terms.tsx"),
    route("legal/hipaa", "routes/legal/hipaa.tsx"),
    route("legal/cookies", "routes/legal/cookies.tsx"),
    route("terms", "routes/legal/terms-short.ts"),
    route("privacy", "routes/legal/privacy-short.ts"),
    route("auth", "routes/account/auth.tsx"),
    route("sign-out", "routes/account/sign-out.ts"),
    route("onboarding", "routes/account/onboarding.tsx"),
    route("dashboard", "routes/account/dashboard/index.tsx"),
    route("activate", "routes/account/activate.tsx"),
    route("claim/:tagId", "routes/account/claim.tsx"),
    route("reader", "routes/reader/index.tsx"),
    route("sos", "routes/account/sos.tsx"),
    route("contact", "routes/marketing/contact.tsx"),
    route("qa", "routes/qa/index.tsx"),
    route("admin", "routes/admin/index.tsx"),
    route("ack/:token", "routes/card/ack.tsx"),
    route("dev/outbox", "routes/dev/outbox.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  route("t", "routes/card/missing-id.tsx"),
  route("t/:tagId", "routes/card/card.tsx"),
  route("t/:tagId/status", "routes/card/status.ts"),
  route("t/:tagId/alert", "routes/card/alert.ts"),
  route("offline", "routes/card/offline.tsx"),
  route("dev/outbox.json", "routes/dev/outbox-json.ts"),
  route("dashboard/tags/:tagId/:file", "routes/account/dashboard/tag-file.ts"),
  route("reader/attendance.csv", "routes/reader/attendance-csv.ts"),
  route("admin/mint", "routes/admin/mint.ts"),
  route("admin/batches/:batchId/:file", "routes/admin/batch-file.ts"),
  route("admin/enquiries.csv", "routes/admin/enquiries-csv.ts"),
  route("qa/tag-flow", "routes/qa/tag-flow.ts"),
] satisfies RouteConfig;
