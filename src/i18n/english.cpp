// The English texts, compiled in. Built twice (CMakeLists.txt): in the first page's build
// (EL_FIRST_PAGE) the deeper tier's texts are left out, since only its own build shows them.
#include "i18n.h"

namespace el {

#ifdef EL_FIRST_PAGE
#define EL_DEEPER_TEXT(english) ""
#else
#define EL_DEEPER_TEXT(english) english
#endif

extern const char* const kEnglish[kMessageCount];
const char* const kEnglish[kMessageCount] = {
#define MSG(id, english) english,
#define MSG_JS(id, english) english,
#define MSG_DEEPER(id, english) EL_DEEPER_TEXT(english),
#include "messages.def"
#undef MSG
#undef MSG_JS
#undef MSG_DEEPER
};

}  // namespace el
