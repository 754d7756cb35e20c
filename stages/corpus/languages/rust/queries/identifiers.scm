; S004 (identifiers renamed) renames every name a file defines (the text
; of a node captured @definition) at each @definition and @reference node,
; consistently within the file, to an opaque name of the same byte length
; (functions.h, RenameIdentifiers; internal/identifier_renaming.h). A name
; the file never defines (imported, builtin) stays.

; Rust: functions (and trait method signatures), structs, enums and their
; variants, unions, traits, type aliases and associated types, modules,
; macros, consts and statics, struct fields, type parameters, parameters,
; closure parameters, let, for and if-let/while-let bindings (a plain name,
; or one in a tuple pattern), loop labels. self, Self, crate and super are
; node types of their own: never renamed.
(function_item name: (identifier) @definition)
(function_signature_item name: (identifier) @definition)
(struct_item name: (type_identifier) @definition)
(enum_item name: (type_identifier) @definition)
(enum_variant name: (identifier) @definition)
(union_item name: (type_identifier) @definition)
(trait_item name: (type_identifier) @definition)
(type_item name: (type_identifier) @definition)
(associated_type name: (type_identifier) @definition)
(mod_item name: (identifier) @definition)
(macro_definition name: (identifier) @definition)
(const_item name: (identifier) @definition)
(static_item name: (identifier) @definition)
(field_declaration name: (field_identifier) @definition)
(type_parameter name: (type_identifier) @definition)
(parameter pattern: (identifier) @definition)
(closure_parameters (identifier) @definition)
(let_declaration pattern: (identifier) @definition)
(for_expression pattern: (identifier) @definition)
(let_condition pattern: (identifier) @definition)
(tuple_pattern (identifier) @definition)
(label (identifier) @definition)

[
  (identifier)
  (type_identifier)
  (field_identifier)
  (shorthand_field_identifier)
] @reference
