;; Passes over runs of plain ASCII in a body's bytes, sixteen bytes a step: a JavaScript loop reads
;; four at a time (a 32-bit word), and on a 337 MB body that scan was most of the indexer's own work.
;; The caller copies the bytes into `memory` first: a stream's chunks cannot be read from here.
(module
  ;; 1 MiB, never grown: the caller copies longer ranges a window at a time.
  (memory (export "memory") 16)

  ;; The index of the first byte in [at, end) that is a newline (0x0A) or not ASCII (0x80 and up),
  ;; or `end` when there is none.
  (func (export "nextNewlineOrNonAscii") (param $at i32) (param $end i32) (result i32)
    (local $bytes v128)
    (local $marks i32)
    (block $fewer_than_sixteen
      (loop $sixteen_at_a_time
        (br_if $fewer_than_sixteen
          (i32.gt_u (i32.add (local.get $at) (i32.const 16)) (local.get $end)))
        (local.set $bytes (v128.load (local.get $at)))
        ;; A lane's top bit is set where its byte is not ASCII; a newline's lane compares to all ones.
        (local.set $marks
          (i8x16.bitmask
            (v128.or
              (local.get $bytes)
              (i8x16.eq (local.get $bytes) (i8x16.splat (i32.const 0x0a))))))
        (if (local.get $marks)
          (then (return (i32.add (local.get $at) (i32.ctz (local.get $marks))))))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $sixteen_at_a_time)))
    (block $none
      (loop $one_at_a_time
        (br_if $none (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $marks (i32.load8_u (local.get $at)))
        (if (i32.or
              (i32.eq (local.get $marks) (i32.const 0x0a))
              (i32.ge_u (local.get $marks) (i32.const 0x80)))
          (then (return (local.get $at))))
        (local.set $at (i32.add (local.get $at) (i32.const 1)))
        (br $one_at_a_time)))
    (local.get $end))
)
