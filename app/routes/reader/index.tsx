import { ArrowLeft, LogIn, LogOut } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { Notice, useNotice } from "#app/components/notice.tsx";
import { AttendanceList } from "#app/components/reader/attendance-list.tsx";
import { PlacePicker } from "#app/components/reader/place-picker.tsx";
import { RecentScans } from "#app/components/reader/recent-scans.tsx";
import { ScanControls } from "#app/components/reader/scan-controls.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { Input, Label } from "#app/components/ui/input.tsx";
import { cn } from "#app/lib/cn.ts";
import { seoFor } from "#app/lib/i18n.server.ts";
import { metaTags } from "#app/lib/meta.ts";
import { MAX_SCAN_INPUT, SCAN_DIRECTIONS, type ScanDirection } from "#core/reader.ts";
import type { Route } from "./+types/index";
import { readerPage, recordReaderScan } from "./reader.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  return { seo: seoFor(request, "pages.reader"), ...(await readerPage(request, context)) };
}
export const meta = ({ data }: Route.MetaArgs) => [
  ...metaTags(data?.seo),
  { name: "robots", content: "noindex" },
];

export const action = ({ request, context }: Route.ActionArgs) =>
  recordReaderScan(request, context);

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
  // A repeat answers with the earlier scan, so each answer (not each id) empties it.
  const scanned = actionData?.scan ? actionData : null;
  useEffect(() => {
    if (scanned) setTag("");
  }, [scanned]);

  const { place } = loaderData;
  // Scans go to where the reader works now: SafeTap itself, or an organisation's location.
  const where = { org: place.organization ?? "", location: place.location ?? "" };
  const canScan = place.problem === null && (place.safetap || place.organization !== null);
  const sendScan = (value: string) => {
    clear();
    submit(
      { tag: value, direction, ...where },
      { method: "post", replace: true, preventScrollReset: true },
    );
  };

  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        <p className="mt-2 text-muted-foreground">{t("intro")}</p>
      </div>
      {place.organizations.length > 0 ? (
        <Card>
          <CardContent className="pt-6">
            <PlacePicker place={place} />
          </CardContent>
        </Card>
      ) : null}
      {canScan ? (
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
              <input type="hidden" name="org" value={where.org} />
              <input type="hidden" name="location" value={where.location} />
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
      ) : (
        // A scan sent before a place was chosen (or a place no longer theirs) says why here.
        <div data-testid="scan-result">
          <Notice notice={notice} className="text-base" />
        </div>
      )}

      <RecentScans scans={loaderData.recent} />

      {loaderData.attendance ? <AttendanceList attendance={loaderData.attendance} /> : null}

      <Link to="/dashboard" className={buttonVariants({ variant: "outline" })}>
        <ArrowLeft aria-hidden="true" /> {t("back")}
      </Link>
    </main>
  );
}
