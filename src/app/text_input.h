// A phone's keyboard (and a desktop IME) for the canvas's text fields.
//
// A canvas never raises a phone's on-screen keyboard: web/glue.js keeps a real <input>
// over the active field and feeds what it receives back here. iOS opens the keyboard only
// when focus() runs inside the tap's own handler, so the page asks synchronously, in that
// handler, whether the tapped point is a text field (el_text_field_at); the rectangles
// come from the last drawn frame.
#pragma once

#include <string>

namespace el {

// inputmode "decimal" / "text". A number that may be negative (a cell, padding_idx) gets the text
// keyboard too: iOS's decimal pad has no minus sign, and its text keyboard is one tap from "-".
enum class TextFieldKind { None = 0, Decimal = 1, Text = 2, Signed = 3 };

// Call right after a text field or an editable cell: a tap there opens the keyboard.
void RegisterTextField(TextFieldKind kind);
void ClearTextFields();  // at the start of each frame (with the widget rectangles)
// A text field is being typed in (ImGui's active item is one).
bool TextFieldActive();
// Right after a text field, its label ("lr", "##ids", "W[2][1]") and text: while the field is edited,
// glue.js names its <input> with it and the value the field opened with ("W[2][1]: 0.25"), which is
// what a screen reader reads; while the keyboard's arrows are on it, it is the focus's name with its
// text ("lr: 0.1"). Every field of the page is named
// (tests/browser/accessibility.test.mjs); one that is not would be read without a name.
void NameTextField(const char* label, const char* text);
// A field's name as the page shows it: its label up to "##", or what follows "##" when that is all.
std::string FieldName(const char* label);

// After Render: tells the page which text field is active (and where), or that none is.
void ReportTextInput();
// After Render: names the item the keyboard moved to (Tab, arrows) for a screen reader, once per move:
// ImGui's widgets by their labels (with a checkbox's or a section's state), others by NameItem.
// Quiet while another language is on its way (chosen this frame, or its catalog coming): the language
// combo, closed on "Deutsch", was said as "language: English" before "Sprache: Deutsch".
void ReportFocus(bool quiet);
// Right after a widget ImGui builds without a label of its own to say (a combo, a cell): its name
// and value ("theme: light", "W[2][1]: 0.25"), or its name alone (value null).
void NameItem(const char* name, const char* value);
// Right after the keyboard's item: its help (what its "(?)" shows), said after its name and state.
void DescribeFocusedItem(const char* text);

}  // namespace el
