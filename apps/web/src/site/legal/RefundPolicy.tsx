import { useSite } from "../settings.js";
import { LegalLayout } from "./LegalLayout.js";

/** /legal/refund-policy: trials, cancellation and refunds through the app stores. */
export function RefundPolicy() {
  const { supportEmail } = useSite();
  return (
    <LegalLayout title="Refund Policy" dates={["Last updated: April 4, 2024"]}>
      <p>
        The A2A Chat mobile app has one subscription: $15/month after a 7-day free trial, free
        during the beta. It is sold and billed by the App Store or Google Play.
      </p>
      <h2>Free trial</h2>
      <p>
        Cancel during the 7-day trial and you are not charged. The trial is offered once per store
        account.
      </p>
      <h2>Cancelling</h2>
      <p>
        Cancel any time in your store account's subscription settings. You keep access until the end
        of the period you paid for; the subscription does not renew after it.
      </p>
      <h2>Refunds</h2>
      <p>
        Because the stores take the payment, they also decide refunds: request one from Apple
        (reportaproblem.apple.com) or Google Play (your order history). If a tool server that works
        with the official MCP Inspector does not work with A2A Chat and we have not fixed it within
        48 hours, your subscription is free until it is fixed: write to{" "}
        <a href={`mailto:${supportEmail}`}>{supportEmail}</a> and we will arrange it.
      </p>
    </LegalLayout>
  );
}
