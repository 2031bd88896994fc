import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { ACTION_BAR_SPACE, CardActionBar } from "./action-bar.tsx";

/**
 * The frame of every page a stranger may land on instead of a live card (lost
 * tag, unknown id, offline): the emergency call in the fixed action bar, an
 * icon, a title and a few lines, then whatever the page offers.
 */
export function EmergencyPage({
  emergencyNumber,
  icon: Icon,
  title,
  lines,
  children,
}: {
  emergencyNumber: string;
  icon: LucideIcon;
  title: string;
  lines: ReactNode;
  children?: ReactNode;
}) {
  return (
    <main className={`mx-auto flex min-h-dvh max-w-md flex-col gap-4 p-6 ${ACTION_BAR_SPACE}`}>
      <CardActionBar emergencyNumber={emergencyNumber} />
      <div className="mt-6 flex flex-col items-center gap-3 text-center">
        <Icon className="size-12 text-muted-foreground" aria-hidden="true" />
        <h1 className="text-2xl font-bold">{title}</h1>
        {lines}
      </div>
      {children}
    </main>
  );
}
