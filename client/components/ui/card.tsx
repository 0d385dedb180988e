import type { ReactNode } from "react";
import { cx } from "./class-names.ts";

export type CardProps = {
  title?: ReactNode;
  /** Heading level of the title (default h3). */
  titleAs?: "h2" | "h3" | "h4";
  /** Makes the title a link. */
  href?: string;
  children?: ReactNode;
  footer?: ReactNode;
  className?: string;
  /** Extra attributes for the title link, e.g. `data-element="service-link"`. */
  dataElement?: string;
};

/** A bootstrap-italia card (`card-wrapper` > `card` > `card-body`). */
export function Card({
  title,
  titleAs: Title = "h3",
  href,
  children,
  footer,
  className,
  dataElement,
}: CardProps) {
  return (
    <div className="card-wrapper card-space">
      <div className={cx("card card-bg no-after", className)}>
        <div className="card-body">
          {title ? (
            <Title className="card-title h5">
              {href ? (
                <a className="text-decoration-none" href={href} data-element={dataElement}>
                  {title}
                </a>
              ) : (
                title
              )}
            </Title>
          ) : null}
          {children ? <div className="card-text">{children}</div> : null}
        </div>
        {footer ? <div className="card-footer bg-transparent">{footer}</div> : null}
      </div>
    </div>
  );
}
