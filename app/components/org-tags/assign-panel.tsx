import { Search, Tag } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { Notice, type NoticeData, useNotice } from "#app/components/notice.tsx";
import { ScanControls } from "#app/components/reader/scan-controls.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Input, Label } from "#app/components/ui/input.tsx";
import { MAX_SCAN_INPUT, tagIdFromScan } from "#core/reader.ts";

export interface AssignPanelData {
  who: string;
  people: {
    id: string;
    fullName: string | null;
    externalId: string | null;
    groupName: string | null;
    tags: number;
  }[];
  tag: { id: string; profileId: string | null; personName: string | null; lost: boolean } | null;
  unknownTag: string | null;
}

/**
 * Give a tag to a person: find them (by name or external id), choose them, then type the tag's
 * id or scan it with NFC or the camera as reader mode does (decision 138). A scan fills the id
 * and, once a person is chosen, assigns at once. Works without JavaScript: search, choose, type,
 * press Assign. A tag that shows someone else is moved only with Reassign.
 */
export function AssignPanel({
  assign,
  notice: answer,
}: {
  assign: AssignPanelData;
  notice: NoticeData | null;
}) {
  const { t } = useTranslation("org-tags");
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const form = useRef<HTMLFormElement>(null);
  const { notice, show, clear } = useNotice(answer, answer);
  const moving = Boolean(assign.tag?.profileId);
  // After a tag is given out the field empties, ready for the next scan.
  useEffect(() => {
    const field = form.current?.elements.namedItem("tag");
    if (answer?.tone === "success" && field instanceof HTMLInputElement) field.value = "";
  }, [answer]);
  const only = assign.people.length === 1 ? assign.people[0]!.id : undefined;

  const scanned = (value: string) => {
    clear();
    const tagId = tagIdFromScan(value);
    const tagField = form.current?.elements.namedItem("tag");
    if (!tagId || !(tagField instanceof HTMLInputElement) || !form.current) {
      show({
        tone: "error",
        title: "org-tags:errors.title",
        description: "org-tags:errors.scanNotATag",
      });
      return;
    }
    tagField.value = tagId;
    const chosen = form.current.querySelector<HTMLInputElement>('input[name="person"]:checked');
    const submit = form.current.querySelector<HTMLButtonElement>('button[name="intent"]');
    if (chosen) form.current.requestSubmit(submit);
    else
      show({
        tone: "error",
        title: "org-tags:errors.title",
        description: "org-tags:errors.personRequired",
      });
  };

  return (
    <Card id="assign" className="scroll-mt-24">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Tag className="size-5 text-primary" aria-hidden="true" /> {t("assign.title")}
        </CardTitle>
        <p className="text-sm text-muted-foreground">{t("assign.intro")}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        <Form
          method="get"
          preventScrollReset
          className="flex flex-wrap items-end gap-2"
          role="search"
        >
          {assign.tag ? <input type="hidden" name="tag" value={assign.tag.id} /> : null}
          <div className="min-w-60 flex-1 space-y-1.5">
            <Label htmlFor={`${id}-who`} className="block">
              {t("assign.who")}
            </Label>
            <Input
              id={`${id}-who`}
              name="who"
              defaultValue={assign.who}
              maxLength={100}
              autoComplete="off"
            />
          </div>
          <Button type="submit" variant="secondary">
            <Search aria-hidden="true" /> {t("assign.find")}
          </Button>
        </Form>

        <Form
          ref={form}
          method="post"
          replace
          preventScrollReset
          className="space-y-4"
          data-testid="assign-form"
        >
          {assign.who ? (
            assign.people.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                {t("assign.noMatch", { who: assign.who })}
              </p>
            ) : (
              <fieldset>
                <legend className="mb-2 text-sm font-medium">{t("assign.person")}</legend>
                <ul className="divide-y rounded-md border" data-testid="assign-people">
                  {assign.people.map((person) => (
                    <li key={person.id}>
                      <label className="flex cursor-pointer items-center gap-3 px-3 py-2 has-[:checked]:bg-muted">
                        <input
                          type="radio"
                          name="person"
                          value={person.id}
                          defaultChecked={person.id === only}
                        />
                        <span className="min-w-0 flex-1">
                          <span className="block font-medium">
                            {person.fullName || t("list.unnamed")}
                          </span>
                          <span className="block text-xs text-muted-foreground">
                            {[person.externalId, person.groupName].filter(Boolean).join(" · ")}
                          </span>
                        </span>
                        <span className="text-xs text-muted-foreground">
                          {t("assign.tagCount", { count: person.tags })}
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
            )
          ) : (
            <p className="text-sm text-muted-foreground">{t("assign.findFirst")}</p>
          )}

          {assign.unknownTag ? (
            <Notice
              notice={{
                tone: "error",
                title: "org-tags:errors.title",
                description: "org-tags:errors.notOrgTag",
                values: { tagId: assign.unknownTag },
              }}
            />
          ) : null}
          {moving && assign.tag ? (
            <p className="text-sm" data-testid="assign-current">
              {t("assign.current", { tagId: assign.tag.id, name: assign.tag.personName ?? "" })}
            </p>
          ) : null}

          <ScanControls onScan={scanned} onProblem={show} disabled={busy} />

          <div className="space-y-1.5">
            <Label htmlFor={`${id}-tag`}>{t("assign.tag")}</Label>
            <div className="flex gap-2">
              <Input
                id={`${id}-tag`}
                name="tag"
                defaultValue={assign.tag?.id ?? ""}
                key={assign.tag?.id ?? ""}
                maxLength={MAX_SCAN_INPUT}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                placeholder="WB-XXXXX"
                className="font-mono uppercase"
                aria-describedby={`${id}-tag-hint`}
              />
              <Button
                type="submit"
                name="intent"
                value={moving ? "reassign" : "assign"}
                disabled={busy}
              >
                {moving ? t("assign.reassign") : t("assign.submit")}
              </Button>
            </div>
            <p id={`${id}-tag-hint`} className="text-xs text-muted-foreground">
              {t("assign.tagHint")}
            </p>
          </div>
          <div data-testid="assign-result">
            <Notice notice={notice} />
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
