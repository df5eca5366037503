/** Shown for any client path no route claims. */
export function NotFoundPage() {
  return (
    <main className="mx-auto flex min-h-full max-w-xl flex-col justify-center gap-4 p-6">
      <p className="text-5xl font-bold text-primary-500">404</p>
      <h1 className="text-xl font-semibold">Page not found</h1>
      <p className="text-neutral-300">There is nothing at this address.</p>
      <a href="/" className="text-primary-400 underline-offset-4 hover:underline">
        Go Home
      </a>
    </main>
  );
}
