import type { HomeworkAttachment } from '@crema/contract';

/**
 * A homework video as a phone plays it: the phone copy with its poster once the server has made
 * them, else the file as it was sent. Shared by the learner's conversation and the curator's view.
 */
export function HomeworkVideo({ file }: { file: HomeworkAttachment }) {
  const copy = file.playback;
  return (
    <video
      controls
      playsInline
      preload="metadata"
      src={copy?.url ?? file.url}
      poster={copy?.poster}
      width={copy?.width}
      height={copy?.height}
      aria-label={`Видео «${file.name}»`}
    />
  );
}
