/** How a video block's URL is played on the page. */
export type VideoSource =
  | { kind: 'embed'; provider: string; embedUrl: string; pageUrl: string }
  | { kind: 'file'; src: string }
  | { kind: 'link'; href: string }
  | { kind: 'unsupported' };

const FILE_EXTENSION = /\.(mp4|m4v|webm|ogv|ogg|mov)(\?.*)?$/i;

function parseUrl(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

/**
 * Recognises the players the school uses (YouTube, Rutube, VK Video, Vimeo) and turns their page
 * URLs into autoplaying embed URLs; uploaded files (relative paths or media extensions) play in
 * `<video>`; other web pages stay plain links rather than iframes of unknown sites.
 */
export function videoSource(raw: string): VideoSource {
  const trimmed = raw.trim();
  const url = parseUrl(trimmed);
  // A relative path is an uploaded file; other schemes (javascript:, data:) are never played.
  if (!url) return trimmed ? { kind: 'file', src: trimmed } : { kind: 'unsupported' };
  if (!/^https?:$/.test(url.protocol)) return { kind: 'unsupported' };
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  const path = url.pathname;
  const embed = (provider: string, embedUrl: string) => ({ kind: 'embed' as const, provider, embedUrl, pageUrl: url.href });

  if (host === 'youtu.be' || host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const id =
      host === 'youtu.be'
        ? path.slice(1).split('/')[0]
        : (url.searchParams.get('v') ?? /^\/(?:embed|shorts|live)\/([\w-]+)/.exec(path)?.[1]);
    if (id && /^[\w-]{6,20}$/.test(id)) {
      return embed('YouTube', `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`);
    }
  }
  if (host === 'rutube.ru') {
    const id = /^\/(?:video|play\/embed)\/([0-9a-f]{16,40})/i.exec(path)?.[1];
    if (id) return embed('Rutube', `https://rutube.ru/play/embed/${id}?autoplay=1`);
  }
  if (host === 'vk.com' || host === 'vkvideo.ru' || host === 'vk.ru') {
    const match = /^\/video(-?\d+)_(\d+)/.exec(path);
    if (match) return embed('VK Видео', `https://vk.com/video_ext.php?oid=${match[1]}&id=${match[2]}&autoplay=1`);
    if (path === '/video_ext.php') return embed('VK Видео', url.href);
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = /^\/(?:video\/)?(\d+)/.exec(path)?.[1];
    if (id) return embed('Vimeo', `https://player.vimeo.com/video/${id}?autoplay=1`);
  }
  if (FILE_EXTENSION.test(path)) return { kind: 'file', src: url.href };
  return { kind: 'link', href: url.href };
}

/** '2:30', '1:02:05' for a duration in seconds. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
