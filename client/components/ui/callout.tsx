import type { ReactNode } from "react";
import { useT } from "#client/i18n/i18n-context.tsx";
import { cx } from "./class-names.ts";
import { Icon } from "./icon.tsx";

export type CalloutVariant = "info" | "success" | "warning" | "danger" | "important" | "note";

const icons: Record<CalloutVariant, `it-${string}`> = {
  info: "it-info-circle",
  success: "it-check-circle",
  warning: "it-help-circle",
  danger: "it-close-circle",
  important: "it-info-circle",
  note: "it-info-circle",
};

export type CalloutProps = {
  title: ReactNode;
  variant?: CalloutVariant;
  /** Element of the title (default a `div`, as in bootstrap-italia; use a heading when it starts a section). */
  titleAs?: "div" | "h2" | "h3" | "h4";
  children: ReactNode;
};

/** A bootstrap-italia callout box with icon and title. */
export function Callout({ title, variant = "info", titleAs: Title = "div", children }: CalloutProps) {
  const t = useT();
  return (
    <div className={cx("callout", variant !== "info" && variant)}>
      <div className="callout-inner">
        <Title className="callout-title">
          <Icon name={icons[variant]} />
          <span className="visually-hidden">{t(`callout.${variant}`)}</span>
          {title}
        </Title>
        <div className="text">{children}</div>
      </div>
    </div>
  );
}
