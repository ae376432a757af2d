/** Price of one target per check: the track_changes price (document 1 §2.6). */
export const CREDITS_PER_TARGET = 3;
