import { ChevronLeft, ChevronRight, Pause, Play, Quote } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { CAROUSEL_INTERVAL_MS, enhance, enhanceOptions } from "#app/lib/enhance.ts";
import { Section, SectionHeading } from "./section.tsx";

export const TESTIMONIAL_IDS = ["parent", "traveler", "familyMember", "schoolAdmin"] as const;
export const TESTIMONIAL_INTERVAL_MS = CAROUSEL_INTERVAL_MS;

/** "Diego Ramírez" → "DR". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ? Array.from(words[0])[0] : "";
  const last = words.length > 1 ? Array.from(words[words.length - 1]!)[0] : "";
  return `${first ?? ""}${last ?? ""}`.toUpperCase();
}

/**
 * The testimonials carousel: 1, 2 or 3 per view by screen width, looping,
 * advancing every 4 seconds unless the reader prefers reduced motion, hovers
 * or focuses it, or pauses it. Dots everywhere; previous/next on desktop.
 * The markup is the one without JavaScript: a row that scrolls sideways,
 * snapping to each testimonial, with the controls hidden. enhance.ts turns it
 * into the carousel, on a static page from its inline script and on a
 * hydrated one from the effect below (decision 159).
 */
export function Testimonials() {
  const { t } = useTranslation("marketing");
  const carousel = useRef<HTMLElement>(null);
  useEffect(
    () => (carousel.current ? enhance(carousel.current, enhanceOptions(false)) : undefined),
    [],
  );

  return (
    <Section headingId="testimonials-title" className="bg-muted/40">
      <SectionHeading
        id="testimonials-title"
        title={t("testimonials.title")}
        subtitle={t("testimonials.note")}
      />
      <section
        ref={carousel}
        aria-roledescription="carousel"
        aria-label={t("testimonials.label")}
        className="relative mt-12"
        data-testid="testimonials"
        data-carousel=""
      >
        <div
          className="snap-x snap-mandatory overflow-x-auto overscroll-x-contain"
          data-carousel-viewport=""
          data-enhanced-class="overflow-hidden"
        >
          <div
            className="flex transition-transform duration-500 ease-out"
            aria-live="polite"
            data-testid="testimonial-track"
            data-carousel-track=""
            data-index={0}
          >
            {TESTIMONIAL_IDS.map((id, i) => {
              const name = t(`testimonials.items.${id}.name`);
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
                  className="shrink-0 basis-full snap-start px-3 sm:basis-1/2 lg:basis-1/3"
                  data-testid={`testimonial-${id}`}
                  data-carousel-slide=""
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
        <div
          className="mt-8 flex items-center justify-center gap-3"
          hidden
          data-carousel-controls=""
        >
          <button
            type="button"
            className="hidden size-10 items-center justify-center rounded-full border bg-card hover:bg-secondary lg:inline-flex"
            data-testid="testimonials-previous"
            data-carousel-previous=""
          >
            <ChevronLeft className="size-5" aria-hidden="true" />
            <span className="sr-only">{t("testimonials.previous")}</span>
          </button>
          <div className="flex items-center">
            {TESTIMONIAL_IDS.map((id, i) => (
              <button
                key={id}
                type="button"
                aria-current={i === 0 ? "true" : undefined}
                className="group flex size-8 items-center justify-center rounded-full"
                data-testid="testimonials-dot"
                data-carousel-dot=""
              >
                <span className="block h-2.5 w-2.5 rounded-full bg-muted-foreground/40 transition-all group-hover:bg-muted-foreground group-aria-[current=true]:w-6 group-aria-[current=true]:bg-primary" />
                <span className="sr-only">{t("testimonials.goTo", { index: i + 1 })}</span>
              </button>
            ))}
          </div>
          <button
            type="button"
            className="hidden size-10 items-center justify-center rounded-full border bg-card hover:bg-secondary lg:inline-flex"
            data-testid="testimonials-next"
            data-carousel-next=""
          >
            <ChevronRight className="size-5" aria-hidden="true" />
            <span className="sr-only">{t("testimonials.next")}</span>
          </button>
          <button
            type="button"
            className="group inline-flex size-10 items-center justify-center rounded-full border bg-card hover:bg-secondary"
            data-testid="testimonials-play"
            data-carousel-play=""
            data-playing="true"
            data-play={t("testimonials.play")}
            data-pause={t("testimonials.pause")}
          >
            <Pause className="size-4 group-data-[playing=false]:hidden" aria-hidden="true" />
            <Play className="hidden size-4 group-data-[playing=false]:block" aria-hidden="true" />
            <span className="sr-only" data-label="">
              {t("testimonials.pause")}
            </span>
          </button>
        </div>
      </section>
    </Section>
  );
}
