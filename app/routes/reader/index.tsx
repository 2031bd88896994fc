import { ArrowLeft, LogIn, LogOut } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation, useSubmit } from "react-router";
import { Notice, type NoticeData, useNotice } from "#app/components/notice.tsx";
import { AttendanceList } from "#app/components/reader/attendance-list.tsx";
import { RecentScans } from "#app/components/reader/recent-scans.tsx";
import { ScanControls } from "#app/components/reader/scan-controls.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { Input, Label } from "#app/components/ui/input.tsx";
import { cn } from "#app/lib/cn.ts";
import { seoFor } from "#app/lib/i18n.server.ts";
import { metaTags } from "#app/lib/meta.ts";
import {
  isScanDirection,
  MAX_SCAN_INPUT,
  RECENT_SCANS,
  SCAN_DIRECTIONS,
  type ScanDirection,
  tagIdFromScan,
} from "#core/reader.ts";
import {
  listAttendance,
  READER_RULES,
  recentScansBy,
  recordScan,
} from "#server/domain/attendance.ts";
import { recordAudit } from "#server/domain/audit.ts";
import { consumeAll } from "#server/security/rate-limit.ts";
import type { Route } from "./+types/index";
import { parseAttendanceFilter, requireReader } from "./reader.server.ts";

/** Rows on the admins' attendance list; the CSV has them all. */
const ATTENDANCE_PAGE = 100;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, role } = await requireReader(request, context);
  const { db } = context.services;
  const recent = await recentScansBy(db, user.id, RECENT_SCANS);
  let attendance = null;
  if (role === "admin") {
    const parsed = parseAttendanceFilter(new URL(request.url));
    const rows = parsed.ok ? await listAttendance(db, parsed.filter, ATTENDANCE_PAGE) : [];
    const url = new URL(request.url);
    attendance = {
      from: parsed.ok ? parsed.from : (url.searchParams.get("from") ?? "").slice(0, 10),
      to: parsed.ok ? parsed.to : (url.searchParams.get("to") ?? "").slice(0, 10),
      invalid: !parsed.ok,
      limit: ATTENDANCE_PAGE,
      rows: rows.map((row) => ({
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        direction: row.direction,
        tagId: row.tagId,
        personName: row.personName,
        readerName: row.readerName,
        readerContact: row.readerContact,
      })),
    };
  }
  return {
    seo: seoFor(request, "pages.reader"),
    role,
    recent: recent.map((scan) => ({ ...scan, createdAt: scan.createdAt.toISOString() })),
    attendance,
  };
}
export const meta = ({ data }: Route.MetaArgs) => [
  ...metaTags(data?.seo),
  { name: "robots", content: "noindex" },
];

type ScanReply = {
  notice: NoticeData;
  direction: ScanDirection;
  scan?: { id: string; tagId: string; personName: string };
};

/** One check-in or check-out, from a typed id, a QR code or an NFC tag. */
export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireReader(request, context);
  const { services, clientAddress } = context;
  const form = await request.formData();
  const rawDirection = form.get("direction");
  const direction: ScanDirection = isScanDirection(rawDirection) ? rawDirection : "in";
  const reply = (notice: NoticeData, status: number, scan?: ScanReply["scan"]) =>
    data<ScanReply>({ notice, direction, scan }, { status });
  const error = (description: string, status = 400, values?: NoticeData["values"]) =>
    reply({ tone: "error", title: "reader:notices.error", description, values }, status);

  if (!isScanDirection(rawDirection)) return error("reader:notices.directionRequired");
  const raw = form.get("tag");
  if (typeof raw !== "string" || !raw.trim()) return error("reader:notices.tagRequired");

  const limit = await consumeAll(services.limiter, [
    [READER_RULES.scanReader, user.id],
    [READER_RULES.scanAddress, clientAddress],
  ]);
  if (!limit.allowed) {
    return reply(
      {
        tone: "error",
        title: "reader:notices.tooMany",
        description: "reader:notices.tooManyBody",
        values: { seconds: limit.retryAfterSeconds, count: limit.retryAfterSeconds },
      },
      429,
    );
  }

  const rejected = async (reason: "invalid" | "inactive", tagId: string) => {
    await recordAudit(services.db, services.logger, {
      type: "reader_scan_rejected",
      userId: user.id,
      success: false,
      clientAddress,
      metadata: { tag_id: tagId, direction, reason },
    });
    return reason === "invalid"
      ? reply(
          {
            tone: "error",
            title: "reader:notices.invalidTag",
            description: "reader:notices.invalidTagBody",
          },
          404,
        )
      : reply(
          {
            tone: "error",
            title: "reader:notices.inactiveTag",
            description: "reader:notices.inactiveTagBody",
          },
          422,
        );
  };

  const tagId = tagIdFromScan(raw);
  if (!tagId) return rejected("invalid", raw.trim().slice(0, 100));
  let result: Awaited<ReturnType<typeof recordScan>>;
  try {
    result = await recordScan(services.db, { readerUserId: user.id, tagId, direction });
  } catch (failure) {
    services.logger.error({ err: failure, tagId }, "reader scan could not be saved");
    return error("reader:notices.saveFailed", 500);
  }
  if (!result.ok) return rejected(result.reason, tagId);
  const { scan } = result;
  return reply(
    {
      tone: "success",
      title: direction === "in" ? "reader:notices.checkedIn" : "reader:notices.checkedOut",
      description: "reader:notices.person",
      values: { name: scan.personName, tagId: scan.tagId },
    },
    200,
    { id: scan.id, tagId: scan.tagId, personName: scan.personName },
  );
}

export default function Reader({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("reader");
  const id = useId();
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [direction, setDirection] = useState<ScanDirection>(actionData?.direction ?? "in");
  const [tag, setTag] = useState("");
  const { notice, show, clear } = useNotice(actionData, actionData?.notice);

  // After a recorded scan the field is emptied and ready for the next person
  // (keyboard-style USB and Bluetooth scanners type into it and press Enter).
  const lastScan = actionData?.scan?.id;
  useEffect(() => {
    if (lastScan) setTag("");
  }, [lastScan]);

  const sendScan = (value: string) => {
    clear();
    submit({ tag: value, direction }, { method: "post", replace: true, preventScrollReset: true });
  };

  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        <p className="mt-2 text-muted-foreground">{t("intro")}</p>
      </div>
      <Card>
        <CardContent className="space-y-5 pt-6">
          <Form
            method="post"
            replace
            preventScrollReset
            noValidate
            className="space-y-5"
            onSubmit={(event) => {
              if (!tag.trim()) {
                event.preventDefault();
                show({
                  tone: "error",
                  title: "reader:notices.error",
                  description: "reader:notices.tagRequired",
                });
                const field = event.currentTarget.elements.namedItem("tag");
                if (field instanceof HTMLInputElement) field.focus();
              }
            }}
          >
            <fieldset>
              <legend className="mb-2 text-sm font-medium">{t("direction.legend")}</legend>
              <div className="grid grid-cols-2 gap-2">
                {SCAN_DIRECTIONS.map((value) => {
                  const Icon = value === "in" ? LogIn : LogOut;
                  return (
                    <label
                      key={value}
                      className={cn(
                        "flex h-12 cursor-pointer items-center justify-center gap-2 rounded-md border font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                        direction === value
                          ? "border-primary bg-primary text-primary-foreground"
                          : "border-input bg-background hover:bg-secondary",
                      )}
                    >
                      <input
                        type="radio"
                        name="direction"
                        value={value}
                        checked={direction === value}
                        onChange={() => setDirection(value)}
                        className="sr-only"
                      />
                      <Icon className="size-4" aria-hidden="true" />
                      {t(`direction.${value}`)}
                    </label>
                  );
                })}
              </div>
            </fieldset>

            <div data-testid="scan-result">
              <Notice notice={notice} className="text-base" />
            </div>

            <ScanControls onScan={sendScan} onProblem={show} disabled={busy} />

            <div className="space-y-1.5">
              <Label htmlFor={`${id}-tag`}>{t("scan.manualLabel")}</Label>
              <div className="flex gap-2">
                <Input
                  id={`${id}-tag`}
                  name="tag"
                  value={tag}
                  maxLength={MAX_SCAN_INPUT}
                  onChange={(event) => setTag(event.target.value.toUpperCase())}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  placeholder="WB-XXXXX"
                  aria-describedby={`${id}-tag-hint`}
                  className="font-mono"
                />
                <Button type="submit" disabled={busy}>
                  {busy ? t("scan.submitting") : t("scan.submit")}
                </Button>
              </div>
              <p id={`${id}-tag-hint`} className="text-xs text-muted-foreground">
                {t("scan.manualHint")}
              </p>
            </div>
          </Form>
        </CardContent>
      </Card>

      <RecentScans scans={loaderData.recent} />

      {loaderData.attendance ? <AttendanceList attendance={loaderData.attendance} /> : null}

      <Link to="/dashboard" className={buttonVariants({ variant: "outline" })}>
        <ArrowLeft aria-hidden="true" /> {t("back")}
      </Link>
    </main>
  );
}
