import { useLocation } from "react-router";
import { SpontaneousHome } from "#client/features/payments/spontaneous/spontaneous-layout.tsx";

/** `/servizi/{ppay|mypay}/pagamento-spontaneo`: the two ways, pay online now or generate a notice. */
export default function SpontaneousPaymentHome() {
  const { pathname } = useLocation();
  return <SpontaneousHome system={pathname.split("/")[2] === "mypay" ? "mypay" : "ppay"} />;
}
