/** What the analysis screens say about an offline answer (no language model configured). */
export const GLOSS_LABEL = '逐词释义';
export const NEEDS_MODEL_NOTICE = '完整翻译与自由提问需要接入大模型服务';
