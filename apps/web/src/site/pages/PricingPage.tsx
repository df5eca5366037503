import { claims, orList } from "./claims.js";
import { Actions, Checklist, PageHero, Section } from "./parts.js";

/** /pricing: the free self-hosted product and the app's one subscription. */
export function PricingPage() {
  return (
    <>
      <PageHero eyebrow="Pricing" title="One subscription. Everything included.">
        <p>{claims.subscription}</p>
      </PageHero>
      <section className="mx-auto grid max-w-6xl gap-6 px-4 sm:px-6 md:grid-cols-2">
        <article className="card price-card" aria-labelledby="plan-app">
          <h2 id="plan-app" className="text-xl font-semibold">
            Mobile app
          </h2>
          <p className="mt-3">
            <span className="text-4xl font-bold">$15</span>
            <span className="text-neutral-400">/month</span>
          </p>
          <p className="mt-1 text-sm text-neutral-300">after a 7-day free trial</p>
          <p className="badge mt-3">{claims.beta}</p>
          <Checklist
            items={[
              "Unlimited tool servers and unlimited tools",
              "Up to 20 tools in voice conversations, all tools by hand",
              `Every authentication option: ${orList(claims.authOptions)}`,
              "All pre-configured integrations",
              "Billed by the App Store or Google Play",
            ]}
          />
        </article>
        <article className="card price-card" aria-labelledby="plan-self-hosted">
          <h2 id="plan-self-hosted" className="text-xl font-semibold">
            Web client and server
          </h2>
          <p className="mt-3">
            <span className="text-4xl font-bold">Free</span>
          </p>
          <p className="mt-1 text-sm text-neutral-300">open source (MIT), run it yourself</p>
          <Checklist
            items={[
              "A2A agents, MCP tool servers, tasks and artifacts",
              "Anonymous sessions and passkey accounts",
              "SQLite on a laptop, PostgreSQL for replicas",
              "The same documentation and community support",
            ]}
          />
        </article>
      </section>
      <Section title="Questions">
        <dl className="faq">
          <dt>Are there tiers?</dt>
          <dd>
            No. There is one subscription type and the same limits for everyone; nobody pays to
            unlock a feature.
          </dd>
          <dt>How am I billed?</dt>
          <dd>
            Through the store you installed the app from (App Store or Google Play). The first 7
            days are a free trial, and the app is free while it is in beta.
          </dd>
          <dt>What happens when I cancel?</dt>
          <dd>
            You keep access until the end of the period you paid for. Cancel in your store account's
            subscriptions. See <a href="/documentation/billing">Billing</a>.
          </dd>
          <dt>What if my tool server does not work?</dt>
          <dd>
            {claims.promise} Report it from the <a href="/contact">contact page</a>.
          </dd>
          <dt>What do I need?</dt>
          <dd>{claims.requirements}</dd>
        </dl>
        <Actions
          primary={{ href: "/documentation/getting-started", label: "Get started" }}
          secondary={{ href: "/docs/getting-started", label: "Self-host" }}
        />
      </Section>
    </>
  );
}
