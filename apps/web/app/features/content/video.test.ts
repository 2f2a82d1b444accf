import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, PLAYER_ORIGINS } from '../../lib/csp.ts';
import { formatDuration, videoSource } from './video.ts';

describe('videoSource', () => {
  it('turns player page URLs into autoplaying embeds', () => {
    expect(videoSource('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10')).toMatchObject({
      kind: 'embed',
      provider: 'YouTube',
      embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0',
    });
    expect(videoSource('https://youtu.be/dQw4w9WgXcQ')).toMatchObject({ embedUrl: expect.stringContaining('/embed/dQw4w9WgXcQ') });
    expect(videoSource('https://rutube.ru/video/c6cc4d620b1d4338901770a44b3e82f4/')).toMatchObject({
      provider: 'Rutube',
      embedUrl: 'https://rutube.ru/play/embed/c6cc4d620b1d4338901770a44b3e82f4?autoplay=1',
    });
    expect(videoSource('https://vk.com/video-12345_456239017')).toMatchObject({
      embedUrl: 'https://vk.com/video_ext.php?oid=-12345&id=456239017&autoplay=1',
    });
    expect(videoSource('https://vimeo.com/76979871')).toMatchObject({ embedUrl: 'https://player.vimeo.com/video/76979871?autoplay=1' });
  });

  it('plays uploaded files in <video> and leaves unknown sites as links', () => {
    expect(videoSource('/media/demo/video/studio-tour.mp4')).toEqual({ kind: 'file', src: '/media/demo/video/studio-tour.mp4' });
    expect(videoSource('https://cdn.example.com/a/b.webm')).toEqual({ kind: 'file', src: 'https://cdn.example.com/a/b.webm' });
    expect(videoSource('https://example.com/watch/1')).toEqual({ kind: 'link', href: 'https://example.com/watch/1' });
    expect(videoSource('https://www.youtube.com/channel/abc')).toEqual({ kind: 'link', href: 'https://www.youtube.com/channel/abc' });
    expect(videoSource('javascript:alert(1)')).toEqual({ kind: 'unsupported' });
    expect(videoSource('  ')).toEqual({ kind: 'unsupported' });
  });

  it('embeds only players the pages’ Content Security Policy lets into an iframe', () => {
    const policy = contentSecurityPolicy({ nonce: 'n' });
    const frames = policy.split('; ').find((part) => part.startsWith('frame-src '))!.split(' ').slice(1);
    expect(frames).toEqual(PLAYER_ORIGINS);
    const urls = [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://rutube.ru/video/c6cc4d620b1d4338901770a44b3e82f4/',
      'https://vkvideo.ru/video-12345_456239017',
      'https://vk.com/video_ext.php?oid=-1&id=2',
      'https://vimeo.com/76979871',
    ];
    for (const url of urls) {
      const source = videoSource(url);
      if (source.kind !== 'embed') throw new Error(`${url} is not embedded`);
      expect(frames).toContain(new URL(source.embedUrl).origin);
    }
  });
});

describe('formatDuration', () => {
  it('writes minutes and seconds, hours when needed', () => {
    expect(formatDuration(150)).toBe('2:30');
    expect(formatDuration(59)).toBe('0:59');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
});
