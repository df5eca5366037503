/** Name of the meta tag that carries a page's content key (its analytics content_id). */
export const contentKeyMeta = "content-key";
