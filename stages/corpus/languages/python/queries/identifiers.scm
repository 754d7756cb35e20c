; S004 (identifiers renamed) renames every name a file defines (the text
; of a node captured @definition) at each @definition and @reference node,
; consistently within the file, to an opaque name of the same byte length
; (functions.h, RenameIdentifiers; internal/identifier_renaming.h). A name
; the file never defines (imported, builtin) stays.

; Python: functions, classes, parameters (plain, default, typed, *args,
; **kwargs, lambda), names bound by assignment, augmented assignment, for,
; comprehensions, with ... as, except ... as and :=, and attributes assigned
; (self.x = ...: fields). Python has one identifier node type. A name bound
; by import (import os, from x import y as z) is not a definition here.
(function_definition name: (identifier) @definition)
(class_definition name: (identifier) @definition)
(parameters (identifier) @definition)
(lambda_parameters (identifier) @definition)
(default_parameter name: (identifier) @definition)
(typed_parameter (identifier) @definition)
(typed_default_parameter name: (identifier) @definition)
(list_splat_pattern (identifier) @definition)
(dictionary_splat_pattern (identifier) @definition)
(assignment left: (identifier) @definition)
(assignment left: (pattern_list (identifier) @definition))
(assignment left: (tuple_pattern (identifier) @definition))
(assignment left: (attribute attribute: (identifier) @definition))
(augmented_assignment left: (identifier) @definition)
(for_statement left: (identifier) @definition)
(for_statement left: (pattern_list (identifier) @definition))
(for_statement left: (tuple_pattern (identifier) @definition))
(for_in_clause left: (identifier) @definition)
(for_in_clause left: (pattern_list (identifier) @definition))
(as_pattern alias: (as_pattern_target (identifier) @definition))
(except_clause alias: (identifier) @definition)
(named_expression name: (identifier) @definition)

(identifier) @reference
