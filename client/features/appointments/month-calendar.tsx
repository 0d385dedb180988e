import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Icon } from "#client/components/ui/icon.tsx";
import { cx } from "#client/components/ui/class-names.ts";
import { weekdays, type CalendarDay, type CalendarMonth } from "./calendar.ts";
import { useLocale, useT } from "#client/i18n/i18n-context.tsx";
import { appointmentsIt } from "./texts.ts";
import "./appointments.css";

export type MonthCalendarProps = {
  calendar: CalendarMonth;
  monthHref: (month: string) => string;
  dayHref: (day: string) => string;
  error?: string | null;
};

/**
 * A month as a real table (weekday headers from Monday): free days are links (no JavaScript needed), the others
 * are greyed out and announced as "non disponibile". Month navigation is a pair of links within the window.
 */
export function MonthCalendar({ calendar, monthHref, dayHref, error }: MonthCalendarProps) {
  const t = useT(appointmentsIt);
  const locale = useLocale();
  const errorId = "calendario-error";
  const { heading, announcement } = useMonthChange(calendar);
  return (
    <section className="appointment-calendar mb-4" aria-labelledby="calendario">
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      <div className="d-flex align-items-center justify-content-between mb-2">
        <MonthLink
          target={calendar.previous}
          href={monthHref}
          icon="it-chevron-left"
          label={t("appointments.date.previousMonth")}
        />
        <h3
          ref={heading}
          id="calendario"
          className="h5 mb-0 text-capitalize"
          tabIndex={-1}
          aria-describedby={error ? errorId : undefined}
        >
          <span className="visually-hidden">{t("appointments.date.calendar")}: </span>
          {calendar.title}
        </h3>
        <MonthLink
          target={calendar.next}
          href={monthHref}
          icon="it-chevron-right"
          label={t("appointments.date.nextMonth")}
        />
      </div>
      <table className="table table-borderless text-center mb-1">
        <caption className="visually-hidden">
          {t("appointments.date.calendar")}, {calendar.title}
        </caption>
        <thead>
          <tr>
            {weekdays(locale).map((weekday) => (
              <th key={weekday.short} scope="col" className="px-0">
                <abbr title={weekday.long} className="text-decoration-none">
                  {weekday.short}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {calendar.weeks.map((week, index) => (
            <tr key={index}>
              {week.map((cell, column) => (
                <td key={cell?.day ?? `vuoto-${index}-${column}`} className="p-1">
                  {cell ? <DayCell cell={cell} href={dayHref(cell.day)} /> : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {error ? (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
    </section>
  );
}

/**
 * Another month shown without a page load (its link pressed with JavaScript) says so: "gennaio 2027: 12 giorni
 * disponibili" in the status, the focus kept on the link pressed, or, when that link went away (the window's first or
 * last month), given to the month's heading instead of being lost to `<body>`. Without JavaScript the link loads the
 * page at the calendar (`#calendario`).
 */
function useMonthChange(calendar: CalendarMonth) {
  const t = useT(appointmentsIt);
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(calendar.month);
  const [announcement, setAnnouncement] = useState("");
  const free = calendar.weeks.flat().filter((cell) => cell?.available).length;
  const message =
    free === 0
      ? t("appointments.date.monthNoDays", { month: calendar.title })
      : t("appointments.date.monthDays", { month: calendar.title, count: free });
  useEffect(() => {
    if (shown.current === calendar.month) return;
    shown.current = calendar.month;
    setAnnouncement(message);
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) heading.current?.focus();
  }, [calendar.month, message]);
  return { heading, announcement };
}

function DayCell({ cell, href }: { cell: CalendarDay; href: string }) {
  const t = useT(appointmentsIt);
  const description = (
    <span className="visually-hidden">
      {cell.label}
      {cell.today ? `, ${t("appointments.date.today")}` : ""}
      {cell.selected ? `, ${t("appointments.date.selected")}` : ""}
      {cell.available ? "" : `, ${t("appointments.date.unavailable")}`}
    </span>
  );
  const number = <span aria-hidden="true">{cell.date}</span>;
  if (!cell.available) {
    return (
      <span className={cx("calendar-day calendar-day-unavailable", cell.today && "calendar-day-today")}>
        {number}
        {description}
      </span>
    );
  }
  return (
    <Link
      to={href}
      preventScrollReset
      className={cx(
        "calendar-day btn",
        cell.selected ? "btn-primary" : "btn-outline-primary",
        cell.today && "calendar-day-today",
      )}
      aria-current={cell.selected ? "date" : undefined}
    >
      {number}
      {description}
    </Link>
  );
}

function MonthLink(props: {
  target: string | null;
  href: (month: string) => string;
  icon: `it-${string}`;
  label: string;
}) {
  const { target, href, icon, label } = props;
  if (!target) return <span className="calendar-nav-placeholder" aria-hidden="true" />;
  return (
    <Link to={href(target)} preventScrollReset className="btn btn-outline-primary btn-sm btn-icon">
      <Icon name={icon} className="icon-primary icon-sm" />
      <span className="visually-hidden">{label}</span>
    </Link>
  );
}
