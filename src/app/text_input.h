// A phone's keyboard (and a desktop IME) for the canvas's text fields.
//
// A canvas never raises a phone's on-screen keyboard: web/glue.js keeps a real <input>
// over the active field and feeds what it receives back here. iOS opens the keyboard only
// when focus() runs inside the tap's own handler, so the page asks synchronously, in that
// handler, whether the tapped point is a text field (el_text_field_at); the rectangles
// come from the last drawn frame.
#pragma once

namespace el {

enum class TextFieldKind { None = 0, Decimal = 1, Text = 2 };  // inputmode "decimal" / "text"

// Call right after a text field or an editable cell: a tap there opens the keyboard.
void RegisterTextField(TextFieldKind kind);
void ClearTextFields();  // at the start of each frame (with the widget rectangles)

// After Render: tells the page which text field is active (and where), or that none is.
void ReportTextInput();

}  // namespace el
