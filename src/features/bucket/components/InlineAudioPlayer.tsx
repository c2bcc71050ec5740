import { Group, Slider, Text } from '@mantine/core';
import { IconVolume } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

export const DEFAULT_VOLUME = 0.7;
export const VOLUME_STEP = 0.1;

/** Inline audio player: volume default 0.7, step 0.1. */
export function InlineAudioPlayer({ src, title }: { src: string; title: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [volume, setVolume] = useState(DEFAULT_VOLUME);

  useEffect(() => {
    if (audio.current) audio.current.volume = volume;
  }, [volume]);

  return (
    <Group gap="sm" wrap="wrap" w="100%" data-testid="inline-audio-player">
      {/* Captions do not exist for user uploads; the title labels the player. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio ref={audio} src={src} controls autoPlay aria-label={`Play ${title}`} style={{ flex: 1, minWidth: 200 }} />
      <Group gap={6} wrap="nowrap" w={150}>
        <IconVolume size={16} aria-hidden />
        <Slider
          min={0}
          max={1}
          step={VOLUME_STEP}
          value={volume}
          onChange={setVolume}
          label={(v) => `${Math.round(v * 100)}%`}
          style={{ flex: 1 }}
          thumbLabel="Volume"
        />
        <Text size="xs" c="dimmed" w={30}>
          {volume.toFixed(1)}
        </Text>
      </Group>
    </Group>
  );
}
