/** Longest message a user may send to the coach (`coaching.sendMessage`, after trimming); the composer caps its box with it. */
export const COACH_MESSAGE_MAX_LENGTH = 4000;
/** Longest conversation title `coaching.start` accepts. */
export const CONVERSATION_TITLE_MAX_LENGTH = 80;
/** From this many characters on, the composer shows how many are left. */
export const COACH_MESSAGE_COUNTER_FROM = Math.floor(COACH_MESSAGE_MAX_LENGTH * 0.9);
