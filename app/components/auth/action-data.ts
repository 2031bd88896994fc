import type { NoticeData } from "#app/components/notice.tsx";
import type { ChallengeStarted } from "#server/auth/flows.ts";

export type AuthForm = "signup" | "signin" | "forgot";

/** What /auth's action answers: the form to show again, or the code step. */
export type AuthActionData =
  | {
      step: "form";
      form: AuthForm;
      notice?: NoticeData;
      field?: string;
      values?: { fullName?: string; identifier?: string };
    }
  | {
      step: "code";
      purpose: ChallengeStarted["purpose"];
      identifier: string;
      notice?: NoticeData;
      /** Changes with every code sent, so the resend countdown restarts. */
      sentAt: number;
    };
