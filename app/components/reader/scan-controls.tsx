import { ImageUp, Nfc, ScanQrCode, X } from "lucide-react";
import { useEffect, useEffectEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { NoticeData } from "#app/components/notice.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";
import {
  createQrDecoder,
  decodeQrImage,
  nfcSupported,
  openCamera,
  readNfcTag,
} from "#app/lib/scanners.ts";

const NOTICES = {
  nfcNotSupported: {
    tone: "error",
    title: "reader:notices.nfcNotSupported",
    description: "reader:notices.nfcNotSupportedBody",
  },
  nfcError: {
    tone: "error",
    title: "reader:notices.nfcError",
    description: "reader:notices.nfcErrorBody",
  },
  invalidTag: {
    tone: "error",
    title: "reader:notices.invalidTag",
    description: "reader:notices.invalidTagBody",
  },
  cameraError: {
    tone: "error",
    title: "reader:notices.cameraError",
    description: "reader:notices.cameraErrorBody",
  },
  noQrCode: {
    tone: "error",
    title: "reader:notices.noQrCode",
    description: "reader:notices.noQrCodeBody",
  },
} satisfies Record<string, NoticeData>;

/** How often the camera's picture is searched for a QR code. */
const FRAME_INTERVAL_MS = 150;

/**
 * Scan with NFC, Scan QR Code (camera) and a photo of a QR code. Each reads
 * one tag and hands what it read (a card URL or an id) to `onScan`; the server
 * decides whether it is a tag.
 */
export function ScanControls({
  onScan,
  onProblem,
  disabled,
}: {
  onScan: (value: string) => void;
  onProblem: (notice: NoticeData) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation("reader");
  const [nfcScanning, setNfcScanning] = useState(false);
  const [cameraOpen, setCameraOpen] = useState(false);
  const nfcRead = useRef<AbortController | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const statusId = useId();

  // Spec: the scanning flag is set when a scan starts and cleared after a read or an error.
  async function scanNfc() {
    if (!nfcSupported()) {
      onProblem(NOTICES.nfcNotSupported);
      return;
    }
    const controller = new AbortController();
    nfcRead.current = controller;
    setCameraOpen(false);
    setNfcScanning(true);
    try {
      const text = await readNfcTag(controller.signal);
      controller.abort();
      if (text) onScan(text);
      else onProblem(NOTICES.invalidTag);
    } catch {
      // An abort here can only be the reader pressing Cancel.
      if (!controller.signal.aborted) onProblem(NOTICES.nfcError);
    } finally {
      setNfcScanning(false);
      if (nfcRead.current === controller) nfcRead.current = null;
    }
  }

  const decoded = useEffectEvent((value: string) => {
    setCameraOpen(false);
    onScan(value);
  });
  const cameraFailed = useEffectEvent(() => {
    setCameraOpen(false);
    onProblem(NOTICES.cameraError);
  });

  useEffect(() => {
    if (!cameraOpen) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const element = video.current;
    (async () => {
      try {
        // The decoder first: a camera opened for a decoder that failed to load would stay on.
        const decode = await createQrDecoder();
        const opened = await openCamera();
        stream = opened;
        if (stopped || !element) {
          // Closed (or left the page) while the camera was starting: release it.
          for (const track of opened.getTracks()) track.stop();
          return;
        }
        element.srcObject = opened;
        await element.play();
        const look = async () => {
          if (stopped) return;
          let value: string | null = null;
          try {
            if (element.readyState >= element.HAVE_CURRENT_DATA) value = await decode(element);
          } catch {
            value = null; // a frame that cannot be read: try the next one
          }
          if (stopped) return;
          if (value) decoded(value);
          else timer = setTimeout(look, FRAME_INTERVAL_MS);
        };
        await look();
      } catch {
        if (!stopped) cameraFailed();
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
      if (element) element.srcObject = null;
    };
  }, [cameraOpen]);

  // Leaving the page stops listening for NFC tags.
  useEffect(() => () => nfcRead.current?.abort(), []);

  async function scanPhoto(file: File | undefined) {
    if (!file) return;
    try {
      const value = await decodeQrImage(file);
      if (value) onScan(value);
      else onProblem(NOTICES.noQrCode);
    } catch {
      onProblem(NOTICES.noQrCode);
    }
  }

  return (
    <div className="space-y-3">
      <div className="grid gap-2 sm:grid-cols-3">
        {nfcScanning ? (
          <Button
            variant="secondary"
            size="lg"
            onClick={() => nfcRead.current?.abort()}
            aria-describedby={statusId}
          >
            <X aria-hidden="true" /> {t("scan.cancel")}
          </Button>
        ) : (
          <Button size="lg" onClick={scanNfc} disabled={disabled}>
            <Nfc aria-hidden="true" /> {t("scan.nfc")}
          </Button>
        )}
        <Button
          size="lg"
          variant={cameraOpen ? "secondary" : "default"}
          onClick={() => {
            nfcRead.current?.abort();
            setCameraOpen((open) => !open);
          }}
          disabled={disabled && !cameraOpen}
          aria-expanded={cameraOpen}
        >
          {cameraOpen ? <X aria-hidden="true" /> : <ScanQrCode aria-hidden="true" />}
          {cameraOpen ? t("scan.closeCamera") : t("scan.qr")}
        </Button>
        <label
          className={cn(
            buttonVariants({ variant: "outline", size: "lg" }),
            "cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
          )}
        >
          <ImageUp aria-hidden="true" /> {t("scan.photo")}
          <input
            type="file"
            accept="image/*"
            className="sr-only"
            disabled={disabled}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              void scanPhoto(file);
            }}
          />
        </label>
      </div>
      {nfcScanning ? (
        <p id={statusId} role="status" className="text-sm font-medium" data-testid="nfc-scanning">
          {t("scan.nfcScanning")}
        </p>
      ) : null}
      {cameraOpen ? (
        <figure className="space-y-2">
          <div className="relative mx-auto aspect-square w-full max-w-sm overflow-hidden rounded-lg bg-black">
            <video
              ref={video}
              className="size-full object-cover"
              muted
              playsInline
              aria-label={t("scan.camera")}
              data-testid="qr-camera"
            />
            <div
              aria-hidden="true"
              className="pointer-events-none absolute inset-[15%] rounded-lg border-4 border-white/80"
            />
          </div>
          <figcaption className="text-center text-sm text-muted-foreground">
            {t("scan.qrScanning")}
          </figcaption>
        </figure>
      ) : null}
    </div>
  );
}
