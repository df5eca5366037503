import { useSite } from "../settings.js";

/** Where a page can be shared: the platform sent with the share event, its name and address. */
function shareTargets(
  url: string,
  title: string,
): [platform: string, name: string, href: string][] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    ["twitter", "X", `https://twitter.com/intent/tweet?url=${u}&text=${t}`],
    ["linkedin", "LinkedIn", `https://www.linkedin.com/sharing/share-offsite/?url=${u}`],
    ["reddit", "Reddit", `https://www.reddit.com/submit?url=${u}&title=${t}`],
  ];
}

/**
 * A documentation page's share links. They are plain links (they work without the script); the
 * site's tracker sends a share event when one is clicked (`data-share` names the platform).
 */
export function ShareLinks({ path, title }: { path: string; title: string }) {
  const { origin } = useSite();
  return (
    <nav aria-label="Share this page" className="share-links">
      <span>Share</span>
      {shareTargets(`${origin}${path}`, title).map(([platform, name, href]) => (
        <a
          key={platform}
          data-share={platform}
          href={href}
          target="_blank"
          rel="noopener noreferrer"
        >
          {name}
        </a>
      ))}
    </nav>
  );
}
