// The English texts, compiled in: one string of every text, each ended by a '\0' (a table of
// pointers would weigh 4 bytes a text in the page; i18n.cpp finds the texts once). Built twice
// (CMakeLists.txt): in the first page's build (EL_FIRST_PAGE) the deeper tier's texts are left
// out, since only its own build shows them.
#include <cstddef>

namespace el {

#ifdef EL_FIRST_PAGE
#define EL_DEEPER_TEXT(english) ""
#else
#define EL_DEEPER_TEXT(english) english
#endif

extern const char kEnglishTexts[];
extern const size_t kEnglishTextsSize;
const char kEnglishTexts[] =
#define MSG(id, english) english "\0"
#define MSG_JS(id, english) english "\0"
#define MSG_DEEPER(id, english) EL_DEEPER_TEXT(english) "\0"
#include "messages.def"
#undef MSG
#undef MSG_JS
#undef MSG_DEEPER
    ;
const size_t kEnglishTextsSize = sizeof kEnglishTexts;

}  // namespace el
