import { useTranslation } from "react-i18next";
import { cn } from "#app/lib/cn.ts";
import { passwordStrength } from "#core/validation.ts";

const BAR_COLOURS = ["bg-destructive", "bg-destructive", "bg-warning", "bg-success", "bg-success"];

/** The spec's four-level meter: Too short, then Weak / Fair / Good / Strong. */
export function PasswordStrength({ password }: { password: string }) {
  const { t } = useTranslation("auth");
  if (!password) return null;
  const { level, score } = passwordStrength(password);
  return (
    <div className="mt-2" aria-live="polite">
      <div className="flex gap-1" aria-hidden="true">
        {[1, 2, 3, 4].map((bar) => (
          <span
            key={bar}
            className={cn(
              "h-1.5 flex-1 rounded-full",
              bar <= score ? BAR_COLOURS[score] : "bg-muted",
            )}
          />
        ))}
      </div>
      <p className="mt-1 text-xs text-muted-foreground">
        {t("strength.label")}: <span data-testid="password-strength">{t(`strength.${level}`)}</span>
      </p>
    </div>
  );
}
