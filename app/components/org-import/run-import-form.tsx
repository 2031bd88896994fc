import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Button } from "#app/components/ui/button.tsx";

type Progress = "starting" | "finishing" | "failed" | { done: number; total: number };

/**
 * The button that runs a previewed import. Without JavaScript it posts to the page, which runs
 * the import and answers when it is done. With JavaScript it posts to the import's run address
 * instead and reads the answer as it streams in (one JSON line per batch), showing how many
 * rows are written; at the end it opens the page the answer names (decision 136).
 */
export function RunImportForm({
  slug,
  importId,
  intent,
  label,
}: {
  slug: string;
  importId: string;
  intent: "import" | "import-clean";
  label: string;
}) {
  const { t } = useTranslation("org-import");
  const navigate = useNavigate();
  const [progress, setProgress] = useState<Progress | null>(null);
  const page = `/org/${slug}/members/import?import=${importId}`;

  async function follow(event: FormEvent<HTMLFormElement>) {
    if (typeof TextDecoderStream === "undefined") return; // the plain form post does it
    event.preventDefault();
    setProgress("starting");
    let location = page;
    try {
      const response = await fetch(`/org/${slug}/members/import/${importId}/run`, {
        method: "POST",
        body: new FormData(event.currentTarget),
      });
      if (!response.ok || !response.body) throw new Error(`run answered ${response.status}`);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += value;
        for (let end = buffer.indexOf("\n"); end !== -1; end = buffer.indexOf("\n")) {
          const line = JSON.parse(buffer.slice(0, end)) as {
            progress?: { done: number; total: number };
            location?: string;
          };
          buffer = buffer.slice(end + 1);
          if (line.progress) {
            const p = line.progress;
            setProgress(p.done >= p.total ? "finishing" : p);
          }
          if (line.location?.startsWith("/org/")) location = line.location;
        }
      }
    } catch {
      setProgress("failed");
    }
    navigate(location, { replace: true });
  }

  const running = progress !== null && progress !== "failed";
  const text =
    progress === null
      ? ""
      : typeof progress === "string"
        ? t(`progress.${progress}`)
        : t("progress.running", {
            done: progress.done.toLocaleString(),
            total: progress.total.toLocaleString(),
          });
  return (
    <form method="post" onSubmit={follow} className="space-y-3" data-testid={`run-${intent}`}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="importId" value={importId} />
      <Button type="submit" disabled={running}>
        {label}
      </Button>
      {progress !== null ? (
        <div className="space-y-1" data-testid="import-progress">
          <progress
            className="h-2 w-full max-w-md"
            aria-label={t("progress.label")}
            {...(typeof progress === "object" ? { value: progress.done, max: progress.total } : {})}
          />
          <p role="status" className="text-sm text-muted-foreground">
            {text}
          </p>
        </div>
      ) : null}
    </form>
  );
}
