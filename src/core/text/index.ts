export { clipText, MAX_SURFACE_CHARS } from './clip';
export { codePointLabel, hasHiddenCharacters, mixedScriptLetters, nameSkeleton, showInvisibles, visibleName } from './invisibles';
export { breakAutolinks, breakLinkSyntax, escapeCodicons, escapeMarkdown, markdownCodeBlock } from './neutralise';
export {
  BLANK_TEXT,
  EMPTY_NAME,
  iconLineText,
  labelText,
  markdownCode,
  markdownName,
  markdownText,
  nameText,
  nonBlank,
  notificationText,
  oneLine,
  pickText,
  terminalText,
} from './surfaces';
export { openableUrl } from './links';
export { md, mdBlock, mdCode, mdJoin, Md, ourMarkdown, toMarkup } from './markdownParts';
