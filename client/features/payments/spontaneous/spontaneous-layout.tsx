import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { Callout } from "#client/components/ui/callout.tsx";
import { useT } from "#client/i18n/i18n-context.tsx";
import { spontaneousIt } from "./texts.ts";
import { href } from "#client/lib/links.ts";
import { PaymentLayout } from "../payment-layout.tsx";
import type { SystemSegment } from "./flow-state.ts";
import { spontaneousHref, UNSURE_OUTCOME } from "./urls.ts";

/** Title "Pagamento spontaneo", help links, the anonymous login prompt, then the page's content. */
export function SpontaneousLayout(props: {
  loginHref: string | null;
  children: ReactNode;
  after?: ReactNode;
}) {
  const t = useT(spontaneousIt);
  return (
    <PaymentLayout
      title={t("payments.spont.title")}
      lead={t("payments.spont.lead")}
      parent="services"
      after={props.after}
    >
      <p className="mb-2">
        {t("payments.spont.help")} <Link to={href("/faq")}>{t("payments.spont.helpFaq")}</Link>{" "}
        {t("payments.spont.helpOr")}{" "}
        <Link to={href("/nuova-richiesta")}>{t("payments.spont.helpAssistance")}</Link>
      </p>
      {props.loginHref ? (
        <p className="mb-4">
          {t("payments.spont.loginPrompt")} <a href={props.loginHref}>{t("payments.spont.login")}</a>
        </p>
      ) : (
        <div className="mb-4" />
      )}
      {props.children}
    </PaymentLayout>
  );
}

/** The home of a spontaneous payment: two cards, pay online now or generate a notice to pay at a PSP. */
export function SpontaneousHome({ system }: { system: SystemSegment }) {
  const t = useT(spontaneousIt);
  const cards = [
    {
      mode: "online" as const,
      title: t("payments.spont.home.onlineTitle"),
      text: t("payments.spont.home.onlineText"),
      cta: t("payments.spont.home.online"),
    },
    {
      mode: "notice" as const,
      title: t("payments.spont.home.noticeTitle"),
      text: t("payments.spont.home.noticeText"),
      cta: t("payments.spont.home.notice"),
    },
  ];
  return (
    <>
      <UnsureNotice />
      <div className="row g-4">
        {cards.map((card) => (
          <div key={card.mode} className="col-12 col-md-6">
            <div className="card card-teaser shadow-sm rounded h-100 p-4 flex-column align-items-start">
              <div className="card-body p-0">
                <h2 className="card-title h4">{card.title}</h2>
                <p className="card-text">{card.text}</p>
              </div>
              <Link className="btn btn-primary mt-3" to={spontaneousHref(system, card.mode)}>
                {card.cta}
              </Link>
            </div>
          </div>
        ))}
      </div>
    </>
  );
}

/**
 * After a creation whose answer never came (`?esito=incerto`): the position may exist; the portal did not send it
 * again; nothing is charged before pagoPA; a new payment is the citizen's choice.
 */
function UnsureNotice() {
  const t = useT(spontaneousIt);
  const [params] = useSearchParams();
  if (params.get("esito") !== UNSURE_OUTCOME) return null;
  const notice = params.get("modo") === "notice";
  return (
    <div className="mb-4" role="status">
      <Callout
        variant="warning"
        titleAs="h2"
        title={notice ? t("payments.spont.unsure.noticeTitle") : t("payments.spont.unsure.onlineTitle")}
      >
        <p>{t("payments.spont.unsure.text")}</p>
        <p className="mb-0">
          {notice ? t("payments.spont.unsure.noticeNext") : t("payments.spont.unsure.onlineNext")}
        </p>
      </Callout>
    </div>
  );
}
