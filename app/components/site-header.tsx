import { Menu, ShieldPlus, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, useLocation } from "react-router";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/cn.ts";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { ThemeSwitcher } from "./theme.tsx";

export const SIGN_IN_HREF = "/auth?mode=signin";
export const GET_STARTED_HREF = "/auth?mode=signup&plan=free";

function PricingLink({ className, onNavigate }: { className: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Link
      to="/#pricing"
      className={className}
      onClick={(event) => {
        onNavigate?.();
        if (pathname !== "/") return; // elsewhere: go to /#pricing
        const target = document.getElementById("pricing");
        if (!target) return;
        event.preventDefault();
        target.scrollIntoView({ behavior: "smooth", block: "start" });
        window.history.replaceState(window.history.state, "", "/#pricing");
      }}
    >
      {t("nav.pricing")}
    </Link>
  );
}

export function SiteHeader({ signedIn, storeUrl }: { signedIn: boolean; storeUrl: string }) {
  const { t } = useTranslation();
  const menuId = useId();
  // Hydrating a page enhance.ts ran first (decision 160), the menu is as the visitor left it.
  const [open, setOpen] = useState(
    () => typeof document !== "undefined" && document.getElementById(menuId)?.hidden === false,
  );
  const location = useLocation();

  // Closes the menu on navigation (not on the first render: hydrating is not one).
  const shownAt = useRef(`${location.pathname}${location.search}`);
  useEffect(() => {
    const here = `${location.pathname}${location.search}`;
    if (shownAt.current === here) return;
    shownAt.current = here;
    setOpen(false);
  }, [location.pathname, location.search]);

  const linkClass = "rounded-md px-3 py-2 text-sm font-medium hover:bg-secondary";
  const navLinkClass = ({ isActive }: { isActive: boolean }) =>
    cn(linkClass, isActive && "text-primary");
  const close = () => setOpen(false);

  const links = (
    <>
      <NavLink to="/" end className={navLinkClass} onClick={close}>
        {t("nav.home")}
      </NavLink>
      <PricingLink className={linkClass} onNavigate={close} />
      <a href={storeUrl} className={linkClass} rel="noopener" target="_blank">
        {t("nav.products")}
      </a>
      <NavLink to="/for-organizations" className={navLinkClass} onClick={close}>
        {t("nav.forOrganizations")}
      </NavLink>
      <NavLink to="/support" className={navLinkClass} onClick={close}>
        {t("nav.support")}
      </NavLink>
    </>
  );
  const account = signedIn ? (
    <Link to="/dashboard" className={buttonVariants({ size: "sm" })} data-testid="nav-dashboard">
      {t("nav.dashboard")}
    </Link>
  ) : (
    <>
      <Link
        to={SIGN_IN_HREF}
        className={buttonVariants({ variant: "ghost", size: "sm" })}
        data-testid="nav-sign-in"
      >
        {t("nav.signIn")}
      </Link>
      <Link
        to={GET_STARTED_HREF}
        className={buttonVariants({ size: "sm" })}
        data-testid="nav-get-started"
      >
        {t("nav.getStarted")}
      </Link>
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <nav
        aria-label={t("nav.label")}
        className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4"
      >
        <Link
          to="/"
          className="flex items-center gap-2 text-lg font-bold"
          aria-label={t("nav.homeAria")}
        >
          <ShieldPlus className="size-6 text-primary" aria-hidden="true" />
          <span>SafeTap</span>
        </Link>
        <div className="hidden items-center gap-1 lg:flex">{links}</div>
        <div className="hidden items-center gap-2 lg:flex">
          <LanguageSwitcher id="language-desktop" />
          <ThemeSwitcher id="theme-desktop" />
          {account}
        </div>
        {/* On a page without React, enhance.ts opens and closes it (decision 159). */}
        <button
          type="button"
          className={cn(buttonVariants({ variant: "ghost", size: "icon" }), "group lg:hidden")}
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((value) => !value)}
          data-menu-toggle=""
          data-open={t("nav.openMenu")}
          data-close={t("nav.closeMenu")}
        >
          <Menu className="group-aria-expanded:hidden" aria-hidden="true" />
          <X className="hidden group-aria-expanded:block" aria-hidden="true" />
          <span className="sr-only" data-label="">
            {open ? t("nav.closeMenu") : t("nav.openMenu")}
          </span>
        </button>
      </nav>
      <div id={menuId} hidden={!open} className="border-t px-4 pb-4 lg:hidden">
        <div className="flex flex-col py-2">{links}</div>
        <div className="flex flex-wrap items-center gap-2 pt-2">
          <LanguageSwitcher id="language-mobile" />
          <ThemeSwitcher id="theme-mobile" />
        </div>
        <div className="flex flex-wrap gap-2 pt-3">{account}</div>
      </div>
    </header>
  );
}
