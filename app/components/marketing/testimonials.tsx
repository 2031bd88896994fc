import { ChevronLeft, ChevronRight, Pause, Play, Quote } from "lucide-react";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "#app/lib/cn.ts";
import { Section, SectionHeading } from "./section.tsx";
import { useMediaQuery, usePrefersReducedMotion } from "./use-media-query.ts";

export const TESTIMONIAL_IDS = ["parent", "traveler", "familyMember", "schoolAdmin"] as const;
export const TESTIMONIAL_INTERVAL_MS = 4_000;
const SWIPE_MIN_PX = 40;

/** "Diego Ramírez" → "DR". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ? Array.from(words[0])[0] : "";
  const last = words.length > 1 ? Array.from(words[words.length - 1]!)[0] : "";
  return `${first ?? ""}${last ?? ""}`.toUpperCase();
}

const noSubscription = () => () => {};
/** False on the server and while hydrating, true afterwards. */
function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The testimonials carousel: 1, 2 or 3 per view by screen width, looping,
 * advancing every 4 seconds unless the reader prefers reduced motion, hovers
 * or focuses it, or pauses it. Dots everywhere; previous/next on desktop.
 * Before hydration (and without JavaScript) the track is a row that scrolls
 * sideways, snapping to each testimonial, and the controls are hidden.
 */
export function Testimonials() {
  const { t } = useTranslation("marketing");
  const hydrated = useHydrated();
  const reducedMotion = usePrefersReducedMotion();
  const wide = useMediaQuery("(min-width: 1024px)", false);
  const medium = useMediaQuery("(min-width: 640px)", false);
  const perView = wide ? 3 : medium ? 2 : 1;
  const positions = TESTIMONIAL_IDS.length - perView + 1;

  const [requested, setRequested] = useState(0);
  const index = Math.min(requested, positions - 1);
  /** The reader's own choice; until they make one, reduced motion decides. */
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const playing = playChoice ?? !reducedMotion;
  const autoAdvance = hydrated && playing && !hovered && !focused;

  const go = (next: number) => setRequested(((next % positions) + positions) % positions);

  useEffect(() => {
    if (!autoAdvance) return;
    // Restarts whenever the slide changes, so a manual move also gets a full 4 seconds.
    const timer = window.setTimeout(
      () => setRequested((index + 1) % positions),
      TESTIMONIAL_INTERVAL_MS,
    );
    return () => window.clearTimeout(timer);
  }, [autoAdvance, index, positions]);

  const touchStart = useRef<number | null>(null);

  return (
    <Section headingId="testimonials-title" className="bg-muted/40">
      <SectionHeading
        id="testimonials-title"
        title={t("testimonials.title")}
        subtitle={t("testimonials.note")}
      />
      <section
        aria-roledescription="carousel"
        aria-label={t("testimonials.label")}
        className="relative mt-12"
        data-testid="testimonials"
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
        }}
      >
        {/* Before hydration (and without JavaScript) the track scrolls sideways, snapping per slide. */}
        <div
          className={
            hydrated
              ? "overflow-hidden"
              : "snap-x snap-mandatory overflow-x-auto overscroll-x-contain"
          }
          onTouchStart={(event) => {
            touchStart.current = event.touches[0]?.clientX ?? null;
          }}
          onTouchEnd={(event) => {
            const start = touchStart.current;
            const end = event.changedTouches[0]?.clientX;
            touchStart.current = null;
            if (start === null || end === undefined) return;
            if (Math.abs(end - start) >= SWIPE_MIN_PX) go(end < start ? index + 1 : index - 1);
          }}
        >
          <div
            className="flex transition-transform duration-500 ease-out"
            style={{ transform: `translateX(-${(index * 100) / perView}%)` }}
            aria-live={autoAdvance ? "off" : "polite"}
            data-testid="testimonial-track"
            data-index={index}
            data-per-view={perView}
          >
            {TESTIMONIAL_IDS.map((id, i) => {
              const name = t(`testimonials.items.${id}.name`);
              const inView = i >= index && i < index + perView;
              return (
                // biome-ignore lint/a11y/useSemanticElements: the carousel pattern's slide is a group, not a form fieldset
                <div
                  key={id}
                  role="group"
                  aria-roledescription={t("testimonials.slide")}
                  aria-label={t("testimonials.slideLabel", {
                    index: i + 1,
                    total: TESTIMONIAL_IDS.length,
                  })}
                  aria-hidden={hydrated && !inView ? true : undefined}
                  className="shrink-0 basis-full snap-start px-3 sm:basis-1/2 lg:basis-1/3"
                  data-testid={`testimonial-${id}`}
                >
                  <figure className="flex h-full flex-col rounded-2xl border bg-card p-6 shadow-sm">
                    <Quote className="size-8 text-primary/40" aria-hidden="true" />
                    <blockquote className="mt-4 flex-1 text-pretty">
                      <p>{t(`testimonials.items.${id}.quote`)}</p>
                    </blockquote>
                    <figcaption className="mt-6 flex items-center gap-3">
                      <span
                        className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
                        aria-hidden="true"
                      >
                        {initials(name)}
                      </span>
                      <span>
                        <span className="block font-semibold">{name}</span>
                        <span className="block text-sm text-muted-foreground">
                          {t(`testimonials.items.${id}.role`)}
                        </span>
                      </span>
                    </figcaption>
                  </figure>
                </div>
              );
            })}
          </div>
        </div>

        {/* The controls need JavaScript: shown once it runs. */}
        <div className={cn("mt-8 flex items-center justify-center gap-3", !hydrated && "hidden")}>
          <button
            type="button"
            onClick={() => go(index - 1)}
            className="hidden size-10 items-center justify-center rounded-full border bg-card hover:bg-secondary lg:inline-flex"
            data-testid="testimonials-previous"
          >
            <ChevronLeft className="size-5" aria-hidden="true" />
            <span className="sr-only">{t("testimonials.previous")}</span>
          </button>
          <div className="flex items-center">
            {Array.from({ length: positions }, (_, i) => (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: dots are positions, identified by their index
                key={i}
                type="button"
                onClick={() => go(i)}
                aria-current={i === index ? "true" : undefined}
                className="group flex size-8 items-center justify-center rounded-full"
                data-testid="testimonials-dot"
              >
                <span
                  className={cn(
                    "block h-2.5 rounded-full transition-all",
                    i === index
                      ? "w-6 bg-primary"
                      : "w-2.5 bg-muted-foreground/40 group-hover:bg-muted-foreground",
                  )}
                />
                <span className="sr-only">{t("testimonials.goTo", { index: i + 1 })}</span>
              </button>
            ))}
          </div>
          <button
            type="button"
            onClick={() => go(index + 1)}
            className="hidden size-10 items-center justify-center rounded-full border bg-card hover:bg-secondary lg:inline-flex"
            data-testid="testimonials-next"
          >
            <ChevronRight className="size-5" aria-hidden="true" />
            <span className="sr-only">{t("testimonials.next")}</span>
          </button>
          <button
            type="button"
            onClick={() => setPlayChoice(!playing)}
            className="inline-flex size-10 items-center justify-center rounded-full border bg-card hover:bg-secondary"
            data-testid="testimonials-play"
          >
            {playing ? (
              <Pause className="size-4" aria-hidden="true" />
            ) : (
              <Play className="size-4" aria-hidden="true" />
            )}
            <span className="sr-only">
              {playing ? t("testimonials.pause") : t("testimonials.play")}
            </span>
          </button>
        </div>
      </section>
    </Section>
  );
}
