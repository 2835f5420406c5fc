export { guidedReply, readConversation, profileTopic, type GuidedRequest } from './engine';
export { offlineSessionSummary, offlineWeeklySummary, type WeeklySummaryText } from './summaries';
export { GENDERED_WORDS, count, duration, minutes, normalise } from './language';
export { TOPICS, TOPIC_IDS, type TopicId } from './topics';
