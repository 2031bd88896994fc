import { describe, expect, it } from "vitest";
import { noticeCookie, takeNotice } from "./notices.server.ts";
import { NOTICES } from "./notices.ts";

const arriving = (cookie: string) =>
  new Request("http://localhost/dashboard", { headers: { cookie } });

describe("notices across a redirect (decision 023)", () => {
  it("a page takes its own notice once and clears the cookie; the layout leaves it", () => {
    const request = arriving(noticeCookie("tag-claimed", false).split(";")[0]!);
    expect(takeNotice(request, "toast", false)).toBeNull();
    const taken = takeNotice(request, "page", true);
    expect(taken?.notice.key).toBe("tag-claimed");
    expect(taken?.headers["Set-Cookie"]).toMatch(
      /^safetap_notice=; Max-Age=0; .*HttpOnly.*; Secure$/,
    );
  });

  it("the layout takes a toast notice; a page leaves it", () => {
    const request = arriving("lng=en; safetap_notice=plan-updated-free");
    expect(takeNotice(request, "page", false)).toBeNull();
    expect(takeNotice(request, "toast", false)?.notice.key).toBe("plan-updated-free");
  });

  it("two takes of the same notice have different ids, so each arrival is shown", () => {
    const request = arriving("safetap_notice=profile-saved");
    expect(takeNotice(request, "page", false)?.notice.id).not.toBe(
      takeNotice(request, "page", false)?.notice.id,
    );
  });

  it("unknown or missing keys show nothing", () => {
    expect(takeNotice(arriving("safetap_notice=%3Cb%3Ehi"), "page", false)).toBeNull();
    expect(takeNotice(arriving("safetap_notice=toString"), "toast", false)).toBeNull();
    expect(takeNotice(arriving(""), "page", false)).toBeNull();
  });

  it("page notices are ones the in-page notice can print (success or error, never info)", () => {
    for (const spec of Object.values(NOTICES)) {
      if (spec.shownAs === "page") expect(["success", "error"]).toContain(spec.kind);
    }
  });

  it("the cookie lives 60 seconds, HttpOnly and SameSite=Lax, Secure in production", () => {
    expect(noticeCookie("profile-later", true)).toBe(
      "safetap_notice=profile-later; Max-Age=60; Path=/; HttpOnly; SameSite=Lax; Secure",
    );
  });
});
