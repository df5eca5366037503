import { Link } from "react-router";
import { Logo } from "../app/Logo.js";

const features = [
  {
    title: "Any A2A agent",
    text: "Talk to agents that speak the Agent-to-Agent protocol, hosted here or anywhere else.",
  },
  {
    title: "Tools over MCP",
    text: "Connect Model Context Protocol servers and see tool results as tables, charts and forms.",
  },
  {
    title: "Yours to run",
    text: "One command on your machine with SQLite, or many replicas on PostgreSQL.",
  },
];

/** Landing page at /. */
export function HomePage() {
  return (
    <div className="flex min-h-full flex-col">
      <header className="border-b border-border">
        <nav className="mx-auto flex h-14 max-w-6xl items-center justify-between px-6">
          <Link to="/" aria-label="A2A Chat home" className="flex items-center">
            <Logo />
          </Link>
          <Link to="/chat" className="text-sm text-neutral-300 hover:text-primary-400">
            Open chat
          </Link>
        </nav>
      </header>
      <main className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-16 px-6 py-20">
        <section className="flex max-w-3xl flex-col gap-6">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">
            Chat with AI agents, <span className="text-primary-500">on your own server</span>
          </h1>
          <p className="text-lg text-neutral-300">
            A self-hostable client and server for agents over the A2A protocol, with MCP tool
            servers, tasks, streamed replies and rich artifacts.
          </p>
          <div>
            <Link
              to="/chat"
              className="inline-flex rounded-md bg-primary-500 px-5 py-2.5 font-medium text-neutral-950 hover:bg-primary-400"
            >
              Start chatting
            </Link>
          </div>
        </section>
        <section aria-label="Features" className="grid gap-6 sm:grid-cols-3">
          {features.map((feature) => (
            <article
              key={feature.title}
              className="rounded-lg border border-border bg-surface-raised p-5"
            >
              <h2 className="mb-2 font-semibold text-primary-400">{feature.title}</h2>
              <p className="text-sm text-neutral-300">{feature.text}</p>
            </article>
          ))}
        </section>
      </main>
      <footer className="border-t border-border py-6 text-center text-xs text-neutral-500">
        A2A Chat
      </footer>
    </div>
  );
}
