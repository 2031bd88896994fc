import { Nfc } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";

/** The part of Web NFC's NDEFReader used here (Chromium on Android). */
interface NdefWriter {
  write(
    message: { records: { recordType: "url"; data: string }[] },
    options?: { signal?: AbortSignal },
  ): Promise<void>;
}

type WriteState = "idle" | "writing" | "done" | "denied" | "failed" | "unsupported";

/** How long to wait for a tag before giving up. */
const WRITE_TIMEOUT_MS = 30_000;

/**
 * Writes the tag's card URL to an NFC tag with Web NFC. Shown only where the
 * browser has `NDEFReader`; elsewhere the QR code is the way to share the card.
 */
export function WriteTagButton({ tagId }: { tagId: string }) {
  const { t } = useTranslation("offline");
  const [supported, setSupported] = useState(false);
  const [state, setState] = useState<WriteState>("idle");
  const running = useRef<AbortController | null>(null);

  // Decided after hydration: the server cannot know the reader's device.
  useEffect(() => {
    setSupported("NDEFReader" in window);
    return () => running.current?.abort();
  }, []);
  if (!supported) return null;

  const write = async () => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    const timer = window.setTimeout(() => controller.abort(), WRITE_TIMEOUT_MS);
    setState("writing");
    try {
      const Reader = (window as unknown as { NDEFReader: new () => NdefWriter }).NDEFReader;
      const url = new URL(`/t/${encodeURIComponent(tagId)}`, window.location.origin).href;
      await new Reader().write(
        { records: [{ recordType: "url", data: url }] },
        { signal: controller.signal },
      );
      setState("done");
    } catch (error) {
      if (running.current !== controller) return; // a newer attempt took over
      const name = error instanceof DOMException ? error.name : "";
      setState(
        name === "NotAllowedError"
          ? "denied"
          : name === "NotSupportedError"
            ? "unsupported"
            : "failed",
      );
    } finally {
      window.clearTimeout(timer);
    }
  };

  return (
    <div className="w-full space-y-2">
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => void write()}
        disabled={state === "writing"}
        data-testid="write-tag"
      >
        <Nfc aria-hidden="true" /> {t("writeTag.button")}
      </Button>
      {state === "idle" ? null : (
        <p
          role={state === "writing" || state === "done" ? "status" : "alert"}
          className={cn(
            "text-sm",
            state === "done" && "font-medium text-success",
            (state === "denied" || state === "failed" || state === "unsupported") &&
              "text-destructive",
          )}
          data-testid="write-tag-state"
        >
          {t(`writeTag.${state}`)}
        </p>
      )}
    </div>
  );
}
