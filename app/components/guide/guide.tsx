import {
  BellRing,
  Building2,
  MousePointerClick,
  Nfc,
  ShoppingBag,
  UserRoundCheck,
} from "lucide-react";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { InlineText } from "#app/components/content/rich-text.tsx";
import { useRootData } from "#app/lib/root-data.ts";

/** The four steps before an emergency, each under its own anchor (/how-it-works#set-up). */
export const GUIDE_STEPS: { id: string; Icon: ComponentType<{ className?: string }> }[] = [
  { id: "get-a-tag", Icon: ShoppingBag },
  { id: "set-up", Icon: UserRoundCheck },
  { id: "activate", Icon: Nfc },
  { id: "wear-it", Icon: MousePointerClick },
];

/**
 * The scenes of an emergency. Three have a picture taken from the demo server by
 * `scripts/guide-pictures.mjs` (decision 153): 360 × 640 CSS pixels, WebP at 1× and 2×.
 */
export const GUIDE_SCENES = [
  { id: "card", picture: true },
  { id: "alert", picture: true },
  { id: "ack", picture: true },
  { id: "sos", picture: false },
  { id: "organisations", picture: false },
] as const;

export const GUIDE_PICTURE = { width: 360, height: 640 } as const;

export function GuideSteps() {
  const { t } = useTranslation("guide");
  const storeUrl = useRootData()?.storeUrl ?? "/";
  return (
    <ol className="mt-8 grid gap-6 md:grid-cols-2">
      {GUIDE_STEPS.map(({ id, Icon }, index) => (
        <li key={id} id={id} className="scroll-mt-24 rounded-2xl border bg-card p-6 shadow-sm">
          <div className="flex items-center gap-3">
            <span className="flex size-10 items-center justify-center rounded-xl bg-primary text-primary-foreground">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <h3 className="text-xl font-semibold">
              <span className="sr-only">{index + 1}. </span>
              {t(`steps.${id}.title`)}
            </h3>
          </div>
          <p className="mt-4 leading-7 text-muted-foreground">
            <InlineText text={t(`steps.${id}.body`, { storeUrl })} />
          </p>
        </li>
      ))}
    </ol>
  );
}

/** A screenshot below the fold: sized (no layout shift) and lazy (never delays the text). */
function GuidePicture({ id }: { id: string }) {
  const { t } = useTranslation("guide");
  return (
    <figure className="mx-auto w-full max-w-[280px]">
      <img
        src={`/guide/${id}-1x.webp`}
        srcSet={`/guide/${id}-1x.webp 1x, /guide/${id}-2x.webp 2x`}
        width={GUIDE_PICTURE.width}
        height={GUIDE_PICTURE.height}
        loading="lazy"
        decoding="async"
        alt={t(`scenes.${id}.alt`)}
        className="h-auto w-full rounded-[1.75rem] border-8 border-foreground/90 bg-muted shadow-xl"
        data-testid={`guide-picture-${id}`}
      />
    </figure>
  );
}

const SCENE_ICONS: Record<string, ComponentType<{ className?: string }>> = {
  sos: BellRing,
  organisations: Building2,
};

export function GuideScenes() {
  const { t } = useTranslation("guide");
  return (
    <div className="mt-8 space-y-16">
      {GUIDE_SCENES.map(({ id, picture }, index) => {
        const Icon = SCENE_ICONS[id];
        return (
          <section
            key={id}
            id={id}
            aria-labelledby={`${id}-title`}
            className="grid scroll-mt-24 items-center gap-8 md:grid-cols-2"
          >
            <div className={picture && index % 2 === 1 ? "md:order-2" : undefined}>
              {Icon ? <Icon className="mb-3 size-8 text-primary" aria-hidden="true" /> : null}
              <h3 id={`${id}-title`} className="text-2xl font-semibold tracking-tight">
                {t(`scenes.${id}.title`)}
              </h3>
              <p className="mt-4 text-lg leading-8 text-muted-foreground">
                <InlineText text={t(`scenes.${id}.body`)} />
              </p>
            </div>
            {picture ? <GuidePicture id={id} /> : null}
          </section>
        );
      })}
    </div>
  );
}
