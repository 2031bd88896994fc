import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * Every route of the product spec (section 2), one module per screen.
 * Pages inside the site layout get the navigation and footer; the public
 * emergency card stands alone so it stays small and fast.
 */
export default [
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    route("pricing", "routes/pricing.tsx"),
    route("how-it-works", "routes/how-it-works.tsx"),
    route("support", "routes/support.tsx"),
    route("for-organizations", "routes/for-organizations.tsx"),
    route("products/wristbands", "routes/products.wristbands.tsx"),
    route("products/cards", "routes/products.cards.tsx"),
    route("products/keychains", "routes/products.keychains.tsx"),
    route("about", "routes/about.tsx"),
    route("blog", "routes/blog.tsx"),
    route("blog/:slug", "routes/blog.article.tsx"),
    route("legal/privacy", "routes/legal.privacy.tsx"),
    route("legal/terms", "routes/legal.terms.tsx"),
    route("legal/hipaa", "routes/legal.hipaa.tsx"),
    route("legal/cookies", "routes/legal.cookies.tsx"),
    route("terms", "routes/terms.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("auth", "routes/auth.tsx"),
    route("sign-out", "routes/sign-out.ts"),
    route("onboarding", "routes/onboarding.tsx"),
    route("dashboard", "routes/dashboard.tsx"),
    route("activate", "routes/activate.tsx"),
    route("claim/:tagId", "routes/claim.tsx"),
    route("reader", "routes/reader.tsx"),
    route("sos", "routes/sos.tsx"),
    route("contact", "routes/contact.tsx"),
    route("qa", "routes/qa.tsx"),
    route("admin", "routes/admin.tsx"),
    route("ack/:token", "routes/ack.tsx"),
    route("dev/outbox", "routes/dev.outbox.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  route("t", "routes/card-missing-id.tsx"),
  route("t/:tagId", "routes/card.tsx"),
  route("t/:tagId/status", "routes/card-status.ts"),
  route("t/:tagId/alert", "routes/card-alert.ts"),
  route("offline", "routes/card-offline.tsx"),
  route("dev/outbox.json", "routes/dev.outbox-json.ts"),
  route("dashboard/tags/:tagId/:file", "routes/tag-qr.ts"),
  route("reader/attendance.csv", "routes/reader-attendance-csv.ts"),
  route("admin/mint", "routes/admin-mint.ts"),
  route("admin/batches/:batchId/:file", "routes/admin-batch.ts"),
  route("admin/enquiries.csv", "routes/admin-enquiries-csv.ts"),
  route("qa/tag-flow", "routes/qa-tag-flow.ts"),
] satisfies RouteConfig;
