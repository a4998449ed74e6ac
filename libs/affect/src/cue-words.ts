/**
 * Small cue-word lists for heuristics that no npm package covers (importance, causal
 * links, the query classifier, concept extraction). No word here carries a valence or
 * arousal: those come from the VADER lexicon package (see appraisal/lexicon-appraiser.ts).
 * AFFECTIVE_QUERY_CUES names feelings only to tell a question about feelings ("how did I
 * feel…", "when was I proud…") from a factual one; scoring VADER's whole lexicon instead
 * would route any question with "like" or "good" to the affective weights.
 * All lists are lower-case and matched against whole tokens or phrases.
 */

/** Words that mark a decision or commitment (raise importance). */
export const DECISION_CUES: readonly string[] = [
  'decided', 'decide', 'decision', 'chose', 'choose', 'agreed', 'approved', 'rejected',
  'must', 'deadline', 'plan', 'planned', 'commit', 'committed', 'promise', 'promised',
  'priority', 'policy', 'rule', 'always', 'never', 'important', 'remember',
];

/** Words of ordinary technical vocabulary (raise importance); code-like tokens count too. */
export const TECHNICAL_CUES: readonly string[] = [
  'api', 'database', 'server', 'deploy', 'deployed', 'release', 'bug', 'error', 'config',
  'schema', 'query', 'index', 'cache', 'latency', 'outage', 'incident', 'migration',
  'endpoint', 'function', 'version', 'engine', 'pipeline', 'build', 'test', 'kubernetes',
];

/** Small talk (lowers importance of short texts). */
export const SMALL_TALK_CUES: readonly string[] = [
  'hi', 'hello', 'hey', 'thanks', 'thank', 'thx', 'bye', 'goodbye', 'lol', 'ok', 'okay',
  'cool', 'nice', 'sure', 'yeah', 'yep', 'good morning', 'good night', 'how are you',
];

/** Text markers of cause (DESIGN §5: "because", "so", "therefore" …). */
export const CAUSE_CUES: readonly string[] = [
  'because', 'so', 'therefore', 'thus', 'hence', 'consequently', 'as a result',
  'due to', 'led to', 'leads to', 'caused', 'causes', 'resulted in', 'since',
];

/** Query classifier cues. */
export const TEMPORAL_QUERY_CUES: readonly string[] = [
  // 'may' is left out: as a modal verb it would make half of all questions temporal.
  'when', 'yesterday', 'today', 'tonight', 'tomorrow', 'ago', 'last week', 'last month',
  'last year', 'last time', 'recently', 'recent', 'latest', 'earlier', 'before', 'after',
  'first time', 'morning', 'evening', 'night', 'week', 'month', 'january', 'february',
  'march', 'april', 'june', 'july', 'august', 'september', 'october', 'november',
  'december', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday',
];

export const MULTI_HOP_QUERY_CUES: readonly string[] = [
  'why', 'because', 'led to', 'lead to', 'caused', 'cause of', 'result of', 'connection',
  'connected', 'related', 'relationship', 'between', 'both', 'and then', 'which led',
  'how did', 'what happened after', 'in common',
];

export const AFFECTIVE_QUERY_CUES: readonly string[] = [
  'feel', 'felt', 'feeling', 'feelings', 'emotion', 'emotional', 'mood', 'upset', 'happy',
  'sad', 'angry', 'proud', 'worried', 'anxious', 'scared', 'excited', 'stressed',
];

export const FACTUAL_QUERY_CUES: readonly string[] = [
  'what', 'who', 'which', 'where', 'how many', 'how much', 'name of', 'is', 'are', 'does',
  'did', 'was', 'were', 'list', 'define', 'value of', 'number of',
];

export const OPEN_QUERY_CUES: readonly string[] = [
  'tell me about', 'anything', 'thoughts', 'ideas', 'overview', 'summarize', 'summarise',
  'explore', 'brainstorm', 'everything',
];

/** Function words skipped when extracting concepts from text. */
export const STOP_WORDS: readonly string[] = [
  'the', 'and', 'for', 'are', 'but', 'not', 'you', 'all', 'any', 'can', 'had', 'her',
  'was', 'one', 'our', 'out', 'his', 'has', 'him', 'how', 'its', 'who', 'did', 'yes',
  'she', 'too', 'use', 'that', 'with', 'have', 'this', 'will', 'your', 'from', 'they',
  'been', 'were', 'what', 'when', 'where', 'which', 'their', 'there', 'them', 'then',
  'than', 'into', 'about', 'would', 'could', 'should', 'some', 'just', 'also', 'very',
  'more', 'most', 'other', 'such', 'only', 'over', 'after', 'before', 'while', 'these',
  'those', 'does', 'done', 'being', 'because', 'here', 'each', 'again', 'once',
];

/**
 * Function words a search query can drop: articles, pronouns, auxiliaries, prepositions,
 * conjunctions and question words. They match nearly every memory, so with BM25 they only
 * add noise, and in a fulltext index shared by many agents their document frequency is not
 * this agent's, so IDF does not discount them reliably. Content words (nouns, verbs,
 * adjectives, numbers, names) are never in this list.
 */
export const FUNCTION_WORDS: readonly string[] = [
  // articles, determiners, quantifiers
  'a', 'an', 'the', 'this', 'that', 'these', 'those', 'some', 'any', 'each', 'every', 'all', 'both',
  'few', 'more', 'most', 'other', 'another', 'such', 'own', 'same', 'no', 'nor', 'not', 'only',
  // pronouns
  'i', 'me', 'my', 'mine', 'myself', 'we', 'us', 'our', 'ours', 'ourselves', 'you', 'your', 'yours',
  'yourself', 'yourselves', 'he', 'him', 'his', 'himself', 'she', 'her', 'hers', 'herself', 'it',
  'its', 'itself', 'they', 'them', 'their', 'theirs', 'themselves', 'one', 'ones',
  // question words
  'what', 'which', 'who', 'whom', 'whose', 'when', 'where', 'why', 'how',
  // auxiliaries and copulas
  'am', 'is', 'are', 'was', 'were', 'be', 'been', 'being', 'have', 'has', 'had', 'having', 'do',
  'does', 'did', 'doing', 'done', 'will', 'would', 'shall', 'should', 'can', 'could', 'may',
  'might', 'must', "i'm", "it's", "don't", "didn't", "doesn't", "isn't", "wasn't",
  // prepositions and particles
  'of', 'at', 'by', 'for', 'with', 'about', 'against', 'between', 'into', 'through', 'during',
  'before', 'after', 'above', 'below', 'to', 'from', 'up', 'down', 'in', 'out', 'on', 'off', 'over',
  'under', 'again', 'further', 'once', 'upon', 'onto', 'via', 'per',
  // conjunctions and adverbs of no content
  'and', 'or', 'but', 'if', 'then', 'else', 'than', 'so', 'as', 'because', 'while', 'until',
  'here', 'there', 'too', 'very', 'just', 'also', 'ever', 'even', 's', 't',
];
