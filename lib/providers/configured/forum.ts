import type { Config } from '../../env.js';
import { arcticShiftArchive } from '../arctic-shift/index.js';
import type { ForumArchive } from '../kinds/forum-archive.js';
import { pullPushArchive } from '../pullpush/index.js';

/** `archive_a` and `archive_b`: public APIs without a key, so both are always configured. */
export function forumArchives(config: Pick<Config, 'ARCTIC_SHIFT_URL' | 'PULLPUSH_URL'>): {
  archive_a: ForumArchive;
  archive_b: ForumArchive;
} {
  return {
    archive_a: arcticShiftArchive(config.ARCTIC_SHIFT_URL),
    archive_b: pullPushArchive(config.PULLPUSH_URL),
  };
}
