import { type AppLoadContext, data, redirectDocument } from "react-router";
import type { AuthActionData, AuthForm } from "#app/components/auth/action-data.ts";
import type { NoticeData } from "#app/components/notice.tsx";
import { detectRequestLanguage } from "#core/languages.ts";
import { safeRedirect } from "#core/validation.ts";
import {
  type ChallengeStarted,
  type FlowContext,
  type FlowFailure,
  requestPasswordReset,
  resendCode,
  signIn,
  signUp,
  verifyCode,
} from "#server/auth/flows.ts";
import { challengeCookie, clearChallengeCookie, readChallengeId } from "./auth-challenge.server.ts";

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** Turns a flow's failure into the spec's notice (section 8). */
function noticeFor(failure: FlowFailure, during: AuthForm | "code" | "resend"): NoticeData {
  switch (failure.kind) {
    case "invalid":
      if (failure.message.startsWith("validation.password")) {
        return { tone: "error", title: "auth:notices.weakPassword", description: failure.message };
      }
      return {
        tone: "error",
        title:
          during === "signin"
            ? "auth:notices.signinFailed"
            : during === "code"
              ? "auth:notices.invalidCode"
              : "auth:notices.signupFailed",
        description: failure.message,
      };
    case "rate_limited":
      if (during === "resend" && failure.retryAfterSeconds <= 30) {
        return {
          tone: "error",
          title: "auth:notices.failedResend",
          description: "auth:notices.resendTooSoon",
          values: { n: failure.retryAfterSeconds, count: failure.retryAfterSeconds },
        };
      }
      return {
        tone: "error",
        title: "auth:notices.tooManyAttempts",
        description: during === "resend" ? "auth:notices.waitCode" : "auth:notices.waitTrying",
        values: {
          n: minutes(failure.retryAfterSeconds),
          count: minutes(failure.retryAfterSeconds),
        },
      };
    case "signin_failed":
      return {
        tone: "error",
        title: "auth:notices.signinFailed",
        description: "auth:notices.invalidCredentials",
      };
    case "invalid_code":
      return {
        tone: "error",
        title: "auth:notices.invalidCode",
        description: "auth:notices.codeWrong",
        values: { n: failure.attemptsLeft, count: failure.attemptsLeft },
      };
    case "code_expired":
      return {
        tone: "error",
        title: "auth:notices.invalidCode",
        description: "auth:notices.codeExpired",
      };
    case "code_locked":
      return {
        tone: "error",
        title: "auth:notices.invalidCode",
        description: "auth:notices.codeLocked",
      };
    case "no_challenge":
      return {
        tone: "error",
        title: "auth:notices.invalidCode",
        description: "auth:notices.challengeGone",
      };
  }
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** Every step of /auth: sign up, sign in, forgot password, verify, resend, back. */
export async function handleAuthAction(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  const intent = text(form, "intent");
  const secure = context.services.config.isProduction;
  const ctx: FlowContext = {
    services: context.services,
    clientAddress: context.clientAddress,
    language: detectRequestLanguage(request),
    headers: request.headers,
  };
  const redirectTo = safeRedirect(form.get("redirect"));
  const values = { fullName: text(form, "fullName"), identifier: text(form, "identifier") };

  const codeStep = (started: ChallengeStarted, title: string) =>
    data<AuthActionData>(
      {
        step: "code",
        purpose: started.purpose,
        identifier: started.identifier,
        notice: { tone: "success", title },
        sentAt: Date.now(),
      },
      { headers: { "Set-Cookie": challengeCookie(started.challengeId, secure) } },
    );
  const formStep = (formName: AuthForm, failure: FlowFailure, status = 400) =>
    data<AuthActionData>(
      {
        step: "form",
        form: formName,
        notice: noticeFor(failure, formName),
        field: failure.kind === "invalid" ? failure.field : undefined,
        values,
      },
      { status: failure.kind === "rate_limited" ? 429 : status },
    );

  switch (intent) {
    case "signup": {
      const result = await signUp(ctx, {
        fullName: values.fullName,
        identifier: values.identifier,
        password: text(form, "password"),
        acceptTerms: form.get("acceptTerms") === "on",
        redirectTo,
      });
      return result.ok
        ? codeStep(result, "auth:notices.accountCreated")
        : formStep("signup", result);
    }
    case "signin": {
      const result = await signIn(ctx, {
        identifier: values.identifier,
        password: text(form, "password"),
        redirectTo,
      });
      return result.ok ? codeStep(result, "auth:notices.codeSent") : formStep("signin", result);
    }
    case "forgot": {
      const result = await requestPasswordReset(ctx, { identifier: values.identifier });
      return result.ok ? codeStep(result, "auth:notices.codeSent") : formStep("forgot", result);
    }
    case "verify": {
      const result = await verifyCode(ctx, {
        challengeId: readChallengeId(request),
        code: text(form, "code"),
        newPassword: text(form, "newPassword"),
      });
      if (result.ok) {
        const headers = new Headers();
        for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
        headers.append("Set-Cookie", clearChallengeCookie(secure));
        // A full document load, so every part of the page sees the new session.
        return redirectDocument(result.redirectTo, { headers });
      }
      if (result.kind === "no_challenge") return formStep(formFor(text(form, "purpose")), result);
      return data<AuthActionData>(
        {
          step: "code",
          purpose: purposeOf(text(form, "purpose")),
          identifier: values.identifier,
          notice: noticeFor(result, "code"),
          sentAt: Number(text(form, "sentAt")) || Date.now(),
        },
        { status: result.kind === "rate_limited" ? 429 : 400 },
      );
    }
    case "resend": {
      const result = await resendCode(ctx, readChallengeId(request));
      if (!result.ok && result.kind === "no_challenge")
        return formStep(formFor(text(form, "purpose")), result);
      return data<AuthActionData>(
        {
          step: "code",
          purpose: purposeOf(text(form, "purpose")),
          identifier: values.identifier,
          notice: result.ok
            ? { tone: "success", title: "auth:notices.codeSentAgain" }
            : noticeFor(result, "resend"),
          sentAt: result.ok ? Date.now() : Number(text(form, "sentAt")) || Date.now(),
        },
        { status: result.ok ? 200 : result.kind === "rate_limited" ? 429 : 400 },
      );
    }
    case "back":
      return data<AuthActionData>(
        { step: "form", form: formFor(text(form, "purpose")), values },
        { headers: { "Set-Cookie": clearChallengeCookie(secure) } },
      );
    default:
      return data<AuthActionData>(
        {
          step: "form",
          form: "signup",
          notice: { tone: "error", title: "auth:notices.genericError" },
        },
        { status: 400 },
      );
  }
}

function purposeOf(value: string): ChallengeStarted["purpose"] {
  return value === "signin" || value === "reset" ? value : "signup";
}

function formFor(purpose: string): AuthForm {
  return purpose === "signin" ? "signin" : purpose === "reset" ? "forgot" : "signup";
}
