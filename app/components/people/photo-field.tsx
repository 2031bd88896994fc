import { Camera, ImageUp, Trash2, UserRound } from "lucide-react";
import { type ChangeEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Notice } from "#app/components/notice.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";
import { PHOTO_MAX_BYTES, photoPath, photoUploadPath } from "#core/photos.ts";
import { squarePhoto } from "./square-photo.ts";

/**
 * A person's photo on the dashboard: take one with the camera or choose one from the gallery,
 * or remove it. The forms post to the photo route and come back with a notice, with or
 * without JavaScript; with it, the picture is cropped to a square and made smaller on the
 * phone first (a camera's photo is often over the 2 MB limit), and sent at once.
 */
export function PhotoField({
  profileId,
  photoVersion,
  name,
}: {
  profileId: string;
  photoVersion: string | null;
  name: string;
}) {
  const { t } = useTranslation("account");
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const action = photoUploadPath(profileId);

  async function send(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const form = input.form;
    const file = input.files?.[0];
    if (!form || !file) return;
    setProblem(null);
    setSending(true);
    const square = await squarePhoto(file).catch(() => null);
    if (square) {
      try {
        const files = new DataTransfer();
        files.items.add(new File([square], "photo.jpg", { type: square.type }));
        input.files = files.files;
      } catch {
        // A browser that cannot replace the chosen file sends the original.
      }
    }
    if ((input.files?.[0]?.size ?? 0) > PHOTO_MAX_BYTES) {
      setSending(false);
      setProblem("photo.errors.tooLarge");
      input.value = "";
      return;
    }
    // Only this photo is sent: the other input is emptied.
    for (const other of form.querySelectorAll<HTMLInputElement>("input[type=file]")) {
      if (other !== input) other.value = "";
    }
    form.requestSubmit();
  }

  return (
    <div className="flex flex-wrap items-start gap-4" data-testid="photo-field">
      {photoVersion ? (
        <img
          src={photoPath(profileId, photoVersion, "large")}
          width={96}
          height={96}
          alt={t("photo.alt", { name })}
          className="size-24 rounded-full border object-cover"
          data-testid="photo-current"
        />
      ) : (
        <div className="flex size-24 items-center justify-center rounded-full border bg-muted">
          <UserRound className="size-10 text-muted-foreground" aria-hidden="true" />
        </div>
      )}
      <div className="grid min-w-0 flex-1 gap-2">
        <form
          method="post"
          action={action}
          encType="multipart/form-data"
          className="grid gap-2"
          data-testid="photo-form"
        >
          <p className="text-sm text-muted-foreground">{t("photo.hint")}</p>
          <div className="flex flex-wrap gap-2">
            <PhotoPicker
              icon={Camera}
              label={t("photo.takePhoto")}
              name="camera"
              capture="environment"
              onChange={send}
            />
            <PhotoPicker icon={ImageUp} label={t("photo.choose")} name="photo" onChange={send} />
            <noscript>
              <Button type="submit" size="sm">
                {t("photo.save")}
              </Button>
            </noscript>
          </div>
          {sending ? (
            <p className="text-sm" role="status">
              {t("photo.sending")}
            </p>
          ) : null}
        </form>
        {problem ? <Notice notice={{ tone: "error", title: `account:${problem}` }} /> : null}
        {photoVersion ? (
          <form method="post" action={action}>
            <Button type="submit" name="intent" value="remove" variant="ghost" size="sm">
              <Trash2 aria-hidden="true" /> {t("photo.remove")}
            </Button>
          </form>
        ) : null}
      </div>
    </div>
  );
}

/** A button that opens the camera or the gallery: a label around a visually hidden file input. */
function PhotoPicker({
  icon: Icon,
  label,
  name,
  capture,
  onChange,
}: {
  icon: typeof Camera;
  label: string;
  name: string;
  capture?: "environment";
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <label
      className={cn(
        buttonVariants({ variant: "outline", size: "sm" }),
        "cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
      )}
    >
      <Icon aria-hidden="true" /> {label}
      <input
        type="file"
        name={name}
        accept="image/*"
        capture={capture}
        onChange={onChange}
        className="sr-only"
      />
    </label>
  );
}
