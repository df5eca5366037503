/** A collapsible block of technical detail (closed by default; opens without any script). */
export function ErrorDetails({ title, text }: { title: string; text: string }) {
  return (
    <details className="error-details">
      <summary>{title}</summary>
      <pre>{text}</pre>
    </details>
  );
}

/**
 * Reload Page and Go Home. Reload is a form that asks for this same address again, so it works
 * without any script.
 */
export function ErrorActions({ home = true }: { home?: boolean }) {
  return (
    <div className="mt-6 flex flex-wrap gap-3">
      <form method="get">
        <button type="submit" className="button-primary">
          Reload Page
        </button>
      </form>
      {home && (
        <a href="/" className="button-secondary">
          Go Home
        </a>
      )}
    </div>
  );
}
