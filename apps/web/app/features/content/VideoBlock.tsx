import { useState } from 'react';
import type { PageBlock } from '@crema/contract';
import { formatDuration, videoSource } from './video.ts';

type VideoData = Extract<PageBlock, { type: 'video' }>;

const WIDTH = 1280;
const HEIGHT = 720;

function PlayIcon() {
  return (
    <svg className="video__play-icon" width="72" height="72" viewBox="0 0 72 72" aria-hidden="true">
      <circle cx="36" cy="36" r="36" fill="rgb(35 26 21 / 0.72)" />
      <path d="M29 23.5v25l20-12.5z" fill="#fff" />
    </svg>
  );
}

/**
 * A video block. Player sites get a poster-first facade: nothing from the player loads until the
 * visitor asks for it (the link opens the video's own page when scripts are off). Uploaded files
 * play in `<video>` that downloads nothing before play.
 */
export function VideoBlock({ block }: { block: VideoData }) {
  const source = videoSource(block.url);
  const [playing, setPlaying] = useState(false);
  const title = block.title || 'Видео';
  const duration = block.duration_seconds ? formatDuration(block.duration_seconds) : null;
  const poster = block.poster;

  if (source.kind === 'unsupported') return null;

  let player: React.ReactNode;
  if (source.kind === 'file') {
    player = (
      <video
        className="video__media"
        controls
        preload="none"
        playsInline
        poster={poster?.url}
        width={poster?.width ?? WIDTH}
        height={poster?.height ?? HEIGHT}
        aria-label={title}
      >
        <source src={source.src} />
        <a href={source.src}>Скачать видео «{title}»</a>
      </video>
    );
  } else if (source.kind === 'embed' && playing) {
    player = (
      <iframe
        className="video__media"
        src={source.embedUrl}
        title={title}
        width={WIDTH}
        height={HEIGHT}
        allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
        allowFullScreen
      />
    );
  } else {
    const href = source.kind === 'embed' ? source.pageUrl : source.href;
    player = (
      <a
        className="video__facade"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Смотреть видео «${title}»${source.kind === 'embed' ? ` (${source.provider})` : ''}`}
        onClick={(event) => {
          if (source.kind !== 'embed' || event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          setPlaying(true);
        }}
      >
        {poster ? (
          <img
            className="video__poster"
            src={poster.url}
            alt=""
            width={poster.width ?? WIDTH}
            height={poster.height ?? HEIGHT}
            loading="lazy"
            decoding="async"
          />
        ) : null}
        <PlayIcon />
        {duration ? <span className="video__duration">{duration}</span> : null}
      </a>
    );
  }

  return (
    <figure className="block video">
      <div className="video__frame">{player}</div>
      {block.title ? (
        <figcaption className="video__caption">
          {block.title}
          {duration && source.kind === 'file' ? <span className="video__caption-duration"> · {duration}</span> : null}
        </figcaption>
      ) : null}
    </figure>
  );
}
