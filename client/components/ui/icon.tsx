import spriteUrl from "bootstrap-italia/dist/svg/sprites.svg?url";
import { cx } from "./class-names.ts";

export type IconProps = {
  /** A symbol of the bootstrap-italia sprite, e.g. `it-search`. */
  name: `it-${string}`;
  className?: string;
  /** Gives the icon an accessible name; without it the icon is decorative and hidden from assistive technology. */
  title?: string;
};

export function Icon({ name, className, title }: IconProps) {
  return (
    <svg
      className={cx("icon", className)}
      {...(title ? { role: "img", "aria-label": title } : { "aria-hidden": true })}
    >
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
