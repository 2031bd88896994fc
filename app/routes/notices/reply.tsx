import { CheckCircle2, LifeBuoy } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import type { Route } from "./+types/reply";
import { answerReply, showReply } from "./reply.server.ts";

/**
 * /n/{token}: the "I'm safe / I need help" link in a mass notice (issue 17 item 3). No login:
 * the token names the notice and the person. Opening it only shows the question; pressing a
 * button answers (a plain POST, no JavaScript needed), and the last answer counts.
 */
export const loader = ({ params, request, context }: Route.LoaderArgs) =>
  showReply(context.services, context.clientAddress, params.token, request);
export const action = ({ params, request, context }: Route.ActionArgs) =>
  answerReply(context.services, context.clientAddress, params.token, request);

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `${data?.title ?? ""} | SafeTap` },
  { name: "robots", content: "noindex, nofollow" },
];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation("mass-notices");
  const limited = (error as { status?: number } | null)?.status === 429;
  return (
    <main className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{t(limited ? "reply.tooMany" : "reply.invalid")}</h1>
    </main>
  );
}

export default function NoticeReplyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("mass-notices");
  const busy = useNavigation().state !== "idle";
  const notice = (actionData ?? loaderData).notice;
  if (!notice) {
    return (
      <main className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{t("reply.invalid")}</h1>
      </main>
    );
  }
  return (
    <main className="mx-auto max-w-md space-y-4 px-4 py-12">
      <h1 className="text-3xl font-bold">{t("reply.title", { org: notice.orgName })}</h1>
      <blockquote className="whitespace-pre-line rounded-md border-l-4 bg-muted p-3">
        {notice.message}
      </blockquote>
      {notice.reply ? (
        <p
          role="status"
          data-testid="reply-recorded"
          className="flex items-start gap-2 rounded-lg bg-success/10 p-3 font-semibold"
        >
          <CheckCircle2 className="mt-0.5 size-5 text-success" aria-hidden="true" />
          {t(notice.reply === "safe" ? "reply.recordedSafe" : "reply.recordedHelp", {
            name: notice.person,
            org: notice.orgName,
          })}
        </p>
      ) : null}
      <Form method="post" className="space-y-3">
        <p>{t(notice.reply ? "reply.change" : "reply.question", { name: notice.person })}</p>
        <Button
          type="submit"
          name="reply"
          value="safe"
          size="lg"
          className="h-14 w-full text-lg"
          disabled={busy}
        >
          <CheckCircle2 aria-hidden="true" /> {t("reply.safe")}
        </Button>
        <Button
          type="submit"
          name="reply"
          value="help"
          size="lg"
          variant="destructive"
          className="h-14 w-full text-lg"
          disabled={busy}
        >
          <LifeBuoy aria-hidden="true" /> {t("reply.help")}
        </Button>
      </Form>
      <p className="text-sm text-muted-foreground">{t("reply.emergency")}</p>
    </main>
  );
}
